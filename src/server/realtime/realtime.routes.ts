import type { FastifyInstance, FastifyRequest } from 'fastify';
import { negotiateRoute, realtimeHubPath, sendRoute, streamRoute } from '../../shared/contract/realtime.js';
import { implement, type RouteImplementation } from '../http/contractRoutes.js';
import type { ConnectionOwner, HubConnections } from './hubConnections.js';

/** The caller's identity for the hub: the user and the session the connection is bound to. */
function ownerOf(request: FastifyRequest): ConnectionOwner {
  const session = request.session;
  // The contract lets only signed-in callers through; a missing session cannot reach here.
  if (!session) throw new Error('realtime route reached without a session');
  return { userId: session.user.id, sessionIdHash: session.idHash };
}

const firstValue = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));

/** The SignalR transport of the status feed: negotiate, the event stream, and client sends. */
export function realtimeRoutes(hub: HubConnections): RouteImplementation[] {
  return [
    implement(negotiateRoute, (ctx) => {
      const requested = Number.parseInt(firstValue(ctx.query.negotiateVersion), 10);
      return hub.negotiate(ownerOf(ctx.request), Number.isFinite(requested) ? requested : 0) as never;
    }),
    implement(streamRoute, (ctx) => {
      hub.openStream(
        firstValue(ctx.query.id),
        ownerOf(ctx.request),
        () => {
          ctx.reply.hijack();
          return ctx.reply.raw;
        },
        ctx.reply.getHeaders(),
      );
    }),
    implement(sendRoute, (ctx) => {
      // Answered 204: the SignalR client takes any 2xx as delivered.
      hub.receive(firstValue(ctx.query.id), ownerOf(ctx.request), ctx.body);
    }),
  ];
}

const releases = new WeakMap<FastifyRequest, () => void>();

/**
 * A POST to a connection counts as under way from its first byte, not from when its body has
 * arrived and the handler runs: a second POST to the same connection meanwhile gets 409.
 */
export function registerSendTracking(app: FastifyInstance, hub: HubConnections): void {
  // Fastify's callback form of a hook: a throw (409 from beginSend) is caught and answered like a rejection.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'POST' && request.url.split('?')[0] === realtimeHubPath) {
      const token = new URLSearchParams(request.url.split('?')[1] ?? '').get('id');
      // After the session hook: an anonymous or foreign POST never takes the lock.
      const session = request.session;
      if (token && session) releases.set(request, hub.beginSend(token, { userId: session.user.id, sessionIdHash: session.idHash }));
    }
    done();
  });
  const release = (request: FastifyRequest): void => {
    releases.get(request)?.();
    releases.delete(request);
  };
  app.addHook('onResponse', (request, _reply, done) => {
    release(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    release(request);
    done();
  });
}
