import { z } from './zod';
import { rowId, rowIdParams, text, textLimits, webUrl } from './common';
import { defineRoute, raw } from './route';

/**
 * Scheduled pulls (issue 36 §3): connectors an administrator sets up under Admin → Integrations.
 * Each run reads its upstream, turns it into an import bundle and feeds it to the import pipeline
 * (the same dry-run report, guards, history and revert as an upload). A clean run applies itself;
 * one with warnings stops at `ready` for an administrator, and a failed one keeps its reason.
 */

export const connectorKinds = ['oneRoster', 'ical'] as const;
export type ConnectorKind = (typeof connectorKinds)[number];

export const connectorRunTriggers = ['schedule', 'manual'] as const;
export type ConnectorRunTrigger = (typeof connectorRunTriggers)[number];

/**
 * A run's states: `queued` → `running` (reading the upstream) → `importing` (its batch is being
 * checked and applied) → `applied`; or `unchanged` (nothing new upstream, no batch), `needsReview`
 * (the batch stopped at `ready` on warnings, or is `invalid`) or `failed` (with the reason).
 */
export const connectorRunStates = ['queued', 'running', 'importing', 'applied', 'unchanged', 'needsReview', 'failed'] as const;
export type ConnectorRunState = (typeof connectorRunStates)[number];

/** The placeholder a feed URL template is expanded with, once per teaching group. */
export const classCodePlaceholder = '{classCode}';

/** Whether a URL template names the class code and, filled in, is an http(s) address. */
export function isFeedUrlTemplate(value: string): boolean {
  if (!value.includes(classCodePlaceholder)) return false;
  const sample = value.replaceAll(classCodePlaceholder, 'CLASS');
  return URL.canParse(sample) && /^https?:$/.test(new URL(sample).protocol);
}

const feedUrlTemplate = text(textLimits.url).check(
  z.refine(isFeedUrlTemplate, `Enter an http(s) address containing ${classCodePlaceholder}`),
);

export const oneRosterSettingsSchema = z.object({
  kind: z.literal('oneRoster'),
  /** The service root, e.g. https://sis.example.ac.uk/ims/oneroster/rostering/v1p2 */
  baseUrl: webUrl,
  /** The OAuth 2.0 token endpoint (client credentials). */
  tokenUrl: webUrl,
  clientId: text(textLimits.short).check(z.minLength(1)),
  /** The scopes asked for; blank asks for none. */
  scope: z.nullable(text(500)),
});

export const feedSchema = z.object({
  /** A teaching group's class code (OneRoster `classCode`, or its sourcedId). */
  classCode: text(textLimits.short).check(z.minLength(1)),
  url: webUrl,
});

export const icalSettingsSchema = z.object({
  kind: z.literal('ical'),
  /** One feed per teaching group. */
  feeds: z.array(feedSchema).check(z.maxLength(500)),
  /** Or one address for every held teaching group, with `{classCode}` in it. */
  urlTemplate: z.nullable(feedUrlTemplate),
});

export const connectorSettingsSchema = z.discriminatedUnion('kind', [oneRosterSettingsSchema, icalSettingsSchema]);
export type ConnectorSettings = z.infer<typeof connectorSettingsSchema>;
export type OneRosterSettings = z.infer<typeof oneRosterSettingsSchema>;
export type IcalSettings = z.infer<typeof icalSettingsSchema>;

export const connectorBodySchema = z.object({
  name: text(200, { trim: true }).check(z.minLength(1)),
  /** Five-field cron in the university's time zone, e.g. `0 * * * *` for hourly. */
  schedule: text(100, { trim: true }).check(z.minLength(1)),
  isEnabled: z.boolean(),
  settings: connectorSettingsSchema,
  /** The OAuth client secret. Absent keeps the one stored; null removes it. Never sent back. */
  secret: z.optional(z.nullable(text(2000).check(z.minLength(1)))),
});
export type ConnectorBody = z.infer<typeof connectorBodySchema>;

const instant = z.iso.datetime({ offset: true });

export const connectorRunSchema = z.object({
  rowId,
  trigger: z.enum(connectorRunTriggers),
  state: z.enum(connectorRunStates),
  queuedAt: instant,
  startedAt: z.nullable(instant),
  finishedAt: z.nullable(instant),
  /** Why it failed or stopped, in words. */
  message: z.nullable(z.string()),
  /** The import batch it made (its report is GET /api/admin/imports/{rowId}). */
  importRowId: z.nullable(rowId),
});
export type ConnectorRun = z.infer<typeof connectorRunSchema>;

export const connectorSchema = z.object({
  rowId,
  name: z.string(),
  kind: z.enum(connectorKinds),
  schedule: z.string(),
  isEnabled: z.boolean(),
  settings: connectorSettingsSchema,
  /** Whether a secret is stored; its value is never shown. */
  hasSecret: z.boolean(),
  /** When the schedule next runs it; null while it is disabled. */
  nextRunAt: z.nullable(instant),
  lastRun: z.nullable(connectorRunSchema),
  /** The latest runs, newest first. */
  runs: z.array(connectorRunSchema),
});
export type Connector = z.infer<typeof connectorSchema>;

export const connectorListSchema = z.object({ items: z.array(connectorSchema) });

const shared = { rowId: null } as const;

export const connectorListRoute = defineRoute({
  id: 'admin.connectorsList', method: 'GET', path: '/api/admin/connectors', response: connectorListSchema, roles: ['Administrator'],
});
export const connectorCreateRoute = defineRoute({
  id: 'admin.connectorsCreate', method: 'POST', path: '/api/admin/connectors', body: connectorBodySchema, response: connectorSchema, roles: ['Administrator'],
});
export const connectorUpdateRoute = defineRoute({
  id: 'admin.connectorsUpdate', method: 'PUT', path: '/api/admin/connectors/:rowId', params: rowIdParams, body: connectorBodySchema,
  response: connectorSchema, roles: ['Administrator'], ownedParams: shared,
});
/** Removes the connector and its runs; the import batches it made stay in the history. */
export const connectorDeleteRoute = defineRoute({
  id: 'admin.connectorsDelete', method: 'DELETE', path: '/api/admin/connectors/:rowId', params: rowIdParams, response: raw.empty,
  roles: ['Administrator'], ownedParams: shared,
});
/** "Run now": queues a run (202); 409 while one is queued or running. */
export const connectorRunRoute = defineRoute({
  id: 'admin.connectorsRun', method: 'POST', path: '/api/admin/connectors/:rowId/run', params: rowIdParams, response: connectorRunSchema,
  roles: ['Administrator'], ownedParams: shared,
});

export const adminConnectorRoutes = [connectorListRoute, connectorCreateRoute, connectorUpdateRoute, connectorDeleteRoute, connectorRunRoute] as const;
