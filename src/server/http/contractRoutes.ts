import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { isRawResponse, type RouteDescriptor } from '../../shared/contract/route.js';
import type { SessionUser } from '../auth/session.service.js';
import { forbidden, HttpError, unauthorized, validationError } from './errors.js';
import './types.js';

type Infer<T, Fallback> = T extends z.core.$ZodType ? z.output<T> : Fallback;

export interface HandlerContext<D extends RouteDescriptor> {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly params: Infer<D['params'], Record<string, never>>;
  readonly query: Infer<D['query'], Record<string, never>>;
  readonly body: Infer<D['body'], undefined>;
  /** The signed-in caller; always set on non-public routes. */
  readonly user: D['isPublic'] extends true ? SessionUser | undefined : SessionUser;
}

/** JSON routes return their response (validated and stripped by the schema); raw ones write to `reply`. */
type HandlerResult<D extends RouteDescriptor> = D['response'] extends z.core.$ZodType ? z.input<D['response']> : unknown;

export interface RouteImplementation {
  readonly route: RouteDescriptor;
  readonly handler: (ctx: HandlerContext<RouteDescriptor>) => Promise<unknown>;
  /** Extra Fastify route config, e.g. a rate limit. */
  readonly config?: Record<string, unknown>;
}

/** Pairs a contract descriptor with its server handler, keeping the types of both. */
export function implement<D extends RouteDescriptor>(
  route: D,
  handler: (ctx: HandlerContext<D>) => Promise<HandlerResult<D>>,
  config?: Record<string, unknown>,
): RouteImplementation {
  return { route, handler: handler as RouteImplementation['handler'], ...(config ? { config } : {}) };
}

export interface AccessChecks {
  /** Throws when the caller's antiforgery token is missing or wrong. */
  readonly assertXsrf: (request: FastifyRequest) => void;
}

const isWrite = (method: string): boolean => method === 'POST' || method === 'PUT' || method === 'DELETE';

function parsePart<T extends z.core.$ZodType | undefined>(schema: T, value: unknown, root: string): unknown {
  if (!schema) return root === 'body' ? undefined : {};
  const result = z.safeParse(schema, value ?? (root === 'body' ? undefined : {}));
  if (!result.success) throw validationError(result.error, root);
  return result.data;
}

/**
 * Registers every descriptor of the contract. The order of checks is the same everywhere:
 * sign-in (401), role and capability (403), antiforgery on writes (403), then validation (400). A descriptor
 * with no implementation yet answers 501 with the error shape, after the same checks; the app
 * lists those as `app.unbuiltRoutes` (tests/server/http/unbuiltRoutes.test.ts keeps them in view).
 */
export function registerContractRoutes(
  app: FastifyInstance,
  routes: readonly RouteDescriptor[],
  implementations: readonly RouteImplementation[],
  checks: AccessChecks,
): void {
  const byId = new Map(implementations.map((impl) => [impl.route.id, impl]));
  app.decorate('unbuiltRoutes', routes.filter((route) => !byId.has(route.id)));
  for (const route of routes) {
    const impl = byId.get(route.id);
    app.route({
      method: route.method,
      url: route.path,
      config: impl?.config ?? {},
      preValidation: async (request) => {
        const session = request.session;
        if (!route.isPublic && !session) throw unauthorized();
        if (route.roles.length > 0 && !route.roles.some((role) => session?.user.roles.includes(role))) {
          throw session ? forbidden() : unauthorized();
        }
        if (route.capability === 'absenceReviewer' && !session?.user.isAbsenceReviewer) throw session ? forbidden() : unauthorized();
        if (isWrite(route.method)) checks.assertXsrf(request);
      },
      handler: async (request, reply) => {
        const ctx = {
          request,
          reply,
          params: parsePart(route.params, request.params, 'params'),
          query: parsePart(route.query, request.query, 'query'),
          body: route.multipart ? undefined : parsePart(route.body, request.body, 'body'),
          user: request.session?.user,
        } as HandlerContext<RouteDescriptor>;
        if (!impl) throw new HttpError(501, 'This feature is not available yet.');
        const result = await impl.handler(ctx);
        if (isRawResponse(route.response)) {
          if (route.response.kind === 'empty' && !reply.sent) return reply.code(204).send();
          return reply;
        }
        // Serialised here, so every JSON response (a bare string or null included) is real JSON.
        const json = JSON.stringify(z.parse(route.response, result)) ?? 'null';
        return reply.type('application/json; charset=utf-8').send(json);
      },
    });
  }
}
