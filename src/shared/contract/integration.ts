import { z } from './zod';
import { isoDateTime, rowId, rowIdParams, text, textLimits } from './common';
import { importReportSchema, importSummarySchema, importUploadFormSchema } from './adminImports';
import { defineRoute } from './route';
import { integrationScopes } from './integrationScopes';

/**
 * Machine access (issue 36): administrators create integration clients, each with a name, the
 * scopes it may use and a secret token shown once. A client then calls the `/api/integration/`
 * routes with `Authorization: Bearer <token>`: push an import bundle and read its report.
 */

export const integrationScopeSchema = z.enum(integrationScopes);

/** What each scope allows, in words (Admin → Integrations). */
export const integrationScopeLabels = {
  'import:write': 'Push data imports',
  'import:read': 'Read import reports',
  'attendance:read': 'Read attendance and absence decisions',
} as const satisfies Record<(typeof integrationScopes)[number], string>;

/** A client's token lives a year unless the administrator sets another expiry. */
export const defaultTokenLifetimeDays = 365;
/** The latest expiry an administrator may set, in days from now. */
export const maxTokenLifetimeDays = 3 * 365;
/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const integrationTokenPrefix = 'cci_';

export const integrationClientSchema = z.object({
  rowId,
  name: z.string(),
  scopes: z.array(integrationScopeSchema),
  createdAt: isoDateTime,
  /** The administrator who created it (display name); null once their account is gone. */
  createdBy: z.nullable(z.string()),
  expiresAt: isoDateTime,
  revokedAt: z.nullable(isoDateTime),
  /** The last request its token authenticated, and the address it came from. */
  lastUsedAt: z.nullable(isoDateTime),
  lastUsedAddress: z.nullable(z.string()),
});
export type IntegrationClient = z.infer<typeof integrationClientSchema>;

export const integrationClientListSchema = z.object({ items: z.array(integrationClientSchema) });
export type IntegrationClientList = z.infer<typeof integrationClientListSchema>;

export const newIntegrationClientSchema = z.object({
  name: text(textLimits.short, { trim: true }).check(z.minLength(1, 'Enter a name for the client')),
  scopes: z.array(integrationScopeSchema).check(z.minLength(1, 'Choose at least one permission'), z.maxLength(integrationScopes.length)),
  /** When the token stops working; absent: a year from now. */
  expiresAt: z.optional(isoDateTime),
});
export type NewIntegrationClient = z.infer<typeof newIntegrationClientSchema>;

/** The one answer that carries the token: it is never shown again. */
export const createdIntegrationClientSchema = z.object({ ...integrationClientSchema.shape, token: z.string() });
export type CreatedIntegrationClient = z.infer<typeof createdIntegrationClientSchema>;

export const integrationClientListRoute = defineRoute({
  id: 'admin.integrationClientList',
  method: 'GET',
  path: '/api/admin/integration-clients',
  response: integrationClientListSchema,
  roles: ['Administrator'],
});

export const integrationClientCreateRoute = defineRoute({
  id: 'admin.integrationClientCreate',
  method: 'POST',
  path: '/api/admin/integration-clients',
  body: newIntegrationClientSchema,
  response: createdIntegrationClientSchema,
  roles: ['Administrator'],
  // A retried create must not mint a second token, and must not show the first one again either.
  isIdempotentByKey: false,
});

/** Revokes the client: its token stops working at once. The client stays listed, marked revoked. */
export const integrationClientRevokeRoute = defineRoute({
  id: 'admin.integrationClientRevoke',
  method: 'DELETE',
  path: '/api/admin/integration-clients/:rowId',
  params: rowIdParams,
  ownedParams: { rowId: null },
  response: integrationClientSchema,
  roles: ['Administrator'],
});

/** `apply=auto`: apply the bundle once validation leaves no error and no warning; otherwise stop at `ready`. */
export const integrationImportQuerySchema = z.object({
  apply: z.optional(z.enum(['auto', 'never'])),
});

export const integrationImportAcceptedSchema = z.object({ rowId, state: importSummarySchema.shape.state });
export type IntegrationImportAccepted = z.infer<typeof integrationImportAcceptedSchema>;

/**
 * Pushes an import bundle: the zip as the body (`Content-Type: application/zip`) or as the
 * multipart field `bundle`, the same file as an administrator uploads. Answers 202 with the batch.
 */
export const integrationImportPushRoute = defineRoute({
  id: 'integration.importPush',
  method: 'POST',
  path: '/api/integration/imports',
  query: integrationImportQuerySchema,
  /** The text fields of the multipart form, as on the admin upload (with the zip as `bundle`). */
  multipart: importUploadFormSchema,
  response: integrationImportAcceptedSchema,
  roles: [],
  scope: 'import:write',
  // Pushing the same bundle twice applies nothing the second time (its counts are all unchanged).
  isIdempotentByKey: false,
});

/** A pushed batch's report, the same as the admin view's. */
export const integrationImportGetRoute = defineRoute({
  id: 'integration.importGet',
  method: 'GET',
  path: '/api/integration/imports/:rowId',
  params: rowIdParams,
  ownedParams: { rowId: null },
  response: importReportSchema,
  roles: [],
  scope: 'import:read',
});

export const adminIntegrationRoutes = [integrationClientListRoute, integrationClientCreateRoute, integrationClientRevokeRoute] as const;
export const integrationRoutes = [integrationImportPushRoute, integrationImportGetRoute] as const;
