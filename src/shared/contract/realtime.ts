import { z } from './zod';
import { isoDateTime, queryValue, text, textLimits } from './common';
import { defineRoute } from './route';

/**
 * The live service status feed: a SignalR hub over server-sent events. The negotiate call is a
 * descriptor; the transport itself (GET/POST `${realtimeHubPath}?id=...`) speaks the SignalR
 * protocol and is registered by the realtime module.
 */
export const realtimeHubPath = '/api/realtimepingdom';

/** The server event; its second argument is a JSON string of service statuses. */
export const updateStatusesEvent = 'updateStatuses';

/** One monitored service; the spec does not show the fields, so these are our choice. */
export const serviceStatusSchema = z.object({
  serviceName: z.string(),
  status: z.enum(['Up', 'Down', 'Degraded', 'Unknown']),
  lastChecked: z.nullable(isoDateTime),
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

/** Reads the updateStatuses payload: a string holding a JSON array of statuses. */
export const serviceStatusesJsonSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((text: string, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.issues.push({ code: 'custom', message: 'Statuses are not valid JSON', input: text });
        return z.NEVER;
      }
    }),
  ),
  z.array(serviceStatusSchema),
);

/** SignalR negotiate answer (protocol version 1). */
export const negotiateResponseSchema = z.object({
  negotiateVersion: z.int().check(z.nonnegative()),
  connectionId: z.string(),
  connectionToken: z.optional(z.string()),
  availableTransports: z.array(
    z.object({ transport: z.string(), transferFormats: z.array(z.string()) }),
  ),
});
export type NegotiateResponse = z.infer<typeof negotiateResponseSchema>;

export const negotiateRoute = defineRoute({
  id: 'realtime.negotiate',
  method: 'POST',
  path: `${realtimeHubPath}/negotiate`,
  query: z.catchall(z.object({ negotiateVersion: z.optional(text(textLimits.short)) }), queryValue),
  response: negotiateResponseSchema,
  roles: [],
});

export const realtimeRoutes = [negotiateRoute] as const;
