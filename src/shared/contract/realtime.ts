import { z } from './zod';
import { isoDateTime, queryValue, text, textLimits } from './common';
import { defineRoute, raw } from './route';

/**
 * The live service status feed: a SignalR hub over server-sent events (SPEC §7). Negotiate, the
 * event stream (GET `?id=<connectionToken>`) and the client's messages (POST `?id=`) are all
 * descriptors; the server speaks the SignalR protocol itself (src/server/realtime).
 */
export const realtimeHubPath = '/api/realtimepingdom';

/** The server event; its second argument is a JSON string of service statuses. */
export const updateStatusesEvent = 'updateStatuses';

/** The features a service can stand behind (a check's `feature`). */
export const statusFeatures = ['timetable', 'attendance', 'resources', 'notifications'] as const;
export type StatusFeature = (typeof statusFeatures)[number];

/**
 * Normalised states, best first. `degraded`: slow, or a first failure not yet confirmed;
 * `outage`: two failures in a row; `maintenance`: set by an administrator until an end time.
 */
export const serviceStates = ['operational', 'degraded', 'outage', 'maintenance', 'unknown'] as const;
export type ServiceState = (typeof serviceStates)[number];

/** How bad a state is, for "the worst current state" (unknown sorts below any real problem). */
export const stateSeverity: Readonly<Record<ServiceState, number>> = { operational: 0, unknown: 1, maintenance: 2, degraded: 3, outage: 4 };

/** One monitored service; the spec does not show the fields, so these are our choice. */
export const serviceStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  feature: z.nullable(z.enum(statusFeatures)),
  state: z.enum(serviceStates),
  /** When the service entered this state. */
  since: isoDateTime,
  lastCheckedAt: z.nullable(isoDateTime),
  responseTimeMs: z.nullable(z.int().check(z.nonnegative())),
  /** Set while an administrator's maintenance window is on. */
  maintenance: z.nullable(z.object({ message: z.string(), until: isoDateTime })),
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

/** Reads the updateStatuses payload: a string holding a JSON array of statuses. */
export const serviceStatusesJsonSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((text: string, ctx) => {
      try {
        const value: unknown = JSON.parse(text);
        return value;
      } catch {
        ctx.issues.push({ code: 'custom', message: 'Statuses are not valid JSON', input: text });
        return z.NEVER;
      }
    }),
  ),
  z.array(serviceStatusSchema),
);

/** SignalR negotiate answer (protocol versions 0 and 1). */
export const negotiateResponseSchema = z.object({
  negotiateVersion: z.int().check(z.nonnegative()),
  connectionId: z.string(),
  connectionToken: z.optional(z.string()),
  availableTransports: z.array(
    z.object({ transport: z.string(), transferFormats: z.array(z.string()) }),
  ),
});
export type NegotiateResponse = z.infer<typeof negotiateResponseSchema>;

/** Connection tokens are 32 random bytes, base64url: 43 characters. */
const connectionTokenQuery = z.catchall(z.object({ id: text(100) }), queryValue);

export const negotiateRoute = defineRoute({
  id: 'realtime.negotiate',
  method: 'POST',
  path: `${realtimeHubPath}/negotiate`,
  query: z.catchall(z.object({ negotiateVersion: z.optional(text(textLimits.short)) }), queryValue),
  response: negotiateResponseSchema,
  roles: [],
  // Each negotiation must hand out a fresh connection; it changes nothing a retry could double.
  isIdempotentByKey: false,
});

/** The server-to-client stream: `text/event-stream`, SignalR JSON hub messages each ending in 0x1E. */
export const streamRoute = defineRoute({
  id: 'realtime.stream',
  method: 'GET',
  path: realtimeHubPath,
  query: connectionTokenQuery,
  response: raw.eventStream,
  roles: [],
});

/** Largest client-to-server message batch the hub accepts (a handshake or a ping is tiny). */
export const maxHubMessageLength = 32 * 1024;

/** Client-to-server messages (the handshake, pings, close) as text; 409 while another POST of the connection runs. */
export const sendRoute = defineRoute({
  id: 'realtime.send',
  method: 'POST',
  path: realtimeHubPath,
  query: connectionTokenQuery,
  body: text(maxHubMessageLength),
  response: raw.empty,
  roles: [],
  // Hub protocol frames (handshake, pings) of one live connection, which keeps its own order.
  isIdempotentByKey: false,
});

/**
 * Public health probe: the process answers, its database answers and its uploads folder takes
 * files. Otherwise 503 in the error shape; an unwritable folder is `errors.uploads: ['unwritable']`.
 */
export const healthSchema = z.object({ status: z.literal('ok'), uploads: z.literal('ok') });

export const healthRoute = defineRoute({
  id: 'status.health',
  method: 'GET',
  path: '/api/health',
  response: healthSchema,
  isPublic: true,
  roles: [],
});

export const serviceIdParams = z.object({ serviceId: text(100) });

export const maintenanceBodySchema = z.object({
  message: text(500, { trim: true }).check(z.minLength(1, 'Enter a message for users')),
  /** When the maintenance ends; after it the checks decide the state again. */
  until: isoDateTime,
});
export type MaintenanceBody = z.infer<typeof maintenanceBodySchema>;

/** Every service's current status, for the admin section (the feed sends the same list). */
export const statusListRoute = defineRoute({
  id: 'status.list',
  method: 'GET',
  path: '/api/admin/status',
  response: z.array(serviceStatusSchema),
  roles: ['Administrator'],
});

/** Puts a service into maintenance with a message until an end time (Administrators). 404 for an unknown service. */
export const setMaintenanceRoute = defineRoute({
  id: 'status.setMaintenance',
  method: 'PUT',
  path: '/api/admin/status/:serviceId/maintenance',
  params: serviceIdParams,
  body: maintenanceBodySchema,
  response: serviceStatusSchema,
  roles: ['Administrator'],
  ownedParams: { serviceId: null },
});

/** Ends a service's maintenance now (Administrators); idempotent. 404 for an unknown service. */
export const clearMaintenanceRoute = defineRoute({
  id: 'status.clearMaintenance',
  method: 'DELETE',
  path: '/api/admin/status/:serviceId/maintenance',
  params: serviceIdParams,
  response: serviceStatusSchema,
  roles: ['Administrator'],
  ownedParams: { serviceId: null },
});

export const realtimeRoutes = [negotiateRoute, streamRoute, sendRoute, healthRoute, statusListRoute, setMaintenanceRoute, clearMaintenanceRoute] as const;
