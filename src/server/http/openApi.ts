import { z } from 'zod/mini';
import { xsrfHeaderName } from '../../shared/contract/antiforgery.js';
import { apiErrorSchema } from '../../shared/contract/errors.js';
import { isRawResponse, type ContractSchema, type RawResponse, type RouteDescriptor } from '../../shared/contract/route.js';
import { SESSION_COOKIE } from '../auth/session.service.js';
import { isRecord } from '../../shared/guards.js';

/*
 * The OpenAPI 3.1 document of the API (issue 36 §5), generated from the contract: the same
 * descriptors and zod schemas that register, validate and type every route, so it cannot describe
 * a route that is not there or miss one that is. Served at `GET /api/openapi.json` (`meta.openApi`).
 */

type JsonSchema = Record<string, unknown>;

export interface OpenApiOptions {
  /** The app's version (package.json). */
  readonly version: string;
  /** PUBLIC_ORIGIN when set: the document's server. Unset: relative to wherever it was fetched. */
  readonly publicOrigin: string | undefined;
}

/** Where a raw (non-JSON) answer's body is described: its status and media type. */
const rawAnswers: Record<RawResponse['kind'], { status: string; description: string; mediaType?: string }> = {
  redirect: { status: '302', description: 'A redirect; `Location` says where.' },
  html: { status: '200', description: 'An HTML page.', mediaType: 'text/html' },
  javascript: { status: '200', description: 'A script.', mediaType: 'text/javascript' },
  calendar: { status: '200', description: 'An iCalendar (RFC 5545) feed.', mediaType: 'text/calendar' },
  file: { status: '200', description: "A file, with its sniffed type and a `Content-Disposition` naming it.", mediaType: 'application/octet-stream' },
  empty: { status: '204', description: 'No body.' },
  eventStream: { status: '200', description: 'A long-lived server-sent event stream (SignalR over SSE).', mediaType: 'text/event-stream' },
};

/** Refusals every protected route can give, in the SPEC §8 shape. */
const refusals: Record<string, string> = {
  '400': 'The request is malformed: `errors` names each field at fault.',
  '401': 'Not signed in, or the session has ended.',
  '403': 'Signed in, but without the role or capability this route needs, or (a write) without the antiforgery token.',
};

/** Refusals of a machine route (issue 36). */
const tokenRefusals: Record<string, string> = {
  '400': refusals['400'] ?? '',
  '401': 'No bearer token, or one that is unknown, expired or revoked.',
  '403': "The token's client does not hold this route's scope.",
};

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect); transforms and the like become `{}`. */
function jsonSchemaOf(schema: ContractSchema, io: 'input' | 'output'): JsonSchema {
  const converted: JsonSchema = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  const { $schema: _dialect, ...rest } = converted;
  return rest;
}

/** `/api/x/:rowId` → `/api/x/{rowId}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** One parameter per property of an object schema (path or query). */
function parametersOf(schema: ContractSchema | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchemaOf(schema, 'input');
  const properties = isRecord(object.properties) ? object.properties : {};
  const required = new Set<unknown>(Array.isArray(object.required) ? object.required : []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

/** Who may call the route, in words and as extension fields a client generator can read. */
function accessOf(route: RouteDescriptor): { summary: string; extensions: JsonSchema } {
  if (route.scope) {
    return { summary: `An integration client's bearer token holding the \`${route.scope}\` scope.`, extensions: { 'x-access': 'token', 'x-scope': route.scope } };
  }
  if (route.isPublic) return { summary: 'Anyone, signed in or not.', extensions: { 'x-access': 'public' } };
  const roles = route.roles.length > 0 ? route.roles.join(' or ') : 'any role';
  const capability = route.capability ? `, holding the \`${route.capability}\` capability` : '';
  return {
    summary: `A signed-in session with ${roles}${capability}.`,
    extensions: { 'x-access': 'session', 'x-roles': [...route.roles], ...(route.capability ? { 'x-capability': route.capability } : {}) },
  };
}

function operationOf(route: RouteDescriptor): JsonSchema {
  const access = accessOf(route);
  const isWrite = route.method !== 'GET';
  const responses: Record<string, JsonSchema> = {};
  if (isRawResponse(route.response)) {
    const answer = rawAnswers[route.response.kind];
    responses[answer.status] = { description: answer.description, ...(answer.mediaType ? { content: { [answer.mediaType]: {} } } : {}) };
  } else {
    responses['200'] = { description: 'Success.', content: { 'application/json': { schema: jsonSchemaOf(route.response, 'output') } } };
  }
  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };
  for (const [status, description] of Object.entries(route.scope ? tokenRefusals : refusals)) {
    if (route.isPublic && status !== '400') continue;
    responses[status] = { description, content: errorContent };
  }
  if (route.scope) responses['429'] = { description: 'Over `INTEGRATION_RATE_LIMIT` requests this minute: wait for the next.', content: errorContent };
  if (route.ownedParams && Object.keys(route.ownedParams).length > 0) responses['404'] = { description: 'No such record, or not one this user may see.', content: errorContent };

  const body = route.body
    ? { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } } }
    : route.multipart
      ? { required: true, content: { 'multipart/form-data': { schema: jsonSchemaOf(route.multipart, 'input') } } }
      : undefined;

  const security = route.scope ? [{ integrationToken: [route.scope] }] : route.isPublic ? [] : [isWrite ? { session: [], antiforgery: [] } : { session: [] }];
  const needsXsrf = isWrite && !route.isPublic && !route.scope;
  return {
    operationId: route.id,
    summary: route.id,
    description: `Who may call it: ${access.summary}${needsXsrf ? ` Writes need the \`${xsrfHeaderName}\` header.` : ''}`,
    tags: [route.id.split('.')[0] ?? 'api'],
    parameters: [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')],
    ...(body ? { requestBody: body } : {}),
    responses,
    security,
    ...access.extensions,
  };
}

/** The whole document for `routes` (the contract's `allRoutes`). */
export function buildOpenApiDocument(routes: readonly RouteDescriptor[], options: OpenApiOptions): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Campus Companion API',
      version: options.version,
      description: 'Generated from the API contract (src/shared/contract). Errors answer in one shape: a message and a map from field to messages.',
    },
    servers: [{ url: options.publicOrigin ?? '/' }],
    paths,
    components: {
      schemas: { ApiError: jsonSchemaOf(apiErrorSchema, 'output') },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie a sign-in sets (`__Host-cc_session` on an https origin).' },
        antiforgery: { type: 'apiKey', in: 'header', name: xsrfHeaderName, description: 'The token `GET /api/antiforgerytoken` answers, on every write of a session.' },
        integrationToken: { type: 'http', scheme: 'bearer', description: 'An integration client\'s token (Admin → Integrations), shown once when the client is created. Its scopes: `import:write`, `import:read`, `attendance:read`.' },
      },
    },
  };
}
