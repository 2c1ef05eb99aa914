import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';
import { z } from 'zod/mini';
import { isIdempotentByKey, isRawResponse, type Capability, type IntegrationScope, type RouteDescriptor } from '../../shared/contract/route.js';
import { integrationPathPrefix } from '../../shared/contract/integrationScopes.js';
import type { SessionUser } from '../auth/session.service.js';
import type { IntegrationCaller } from '../features/integration/integrationClients.service.js';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.js';
import { forbidden, HttpError, unauthorized, validationError } from './errors.js';
import { answerOnce, type PreparedAnswer } from './idempotentAnswer.js';
import { idempotencyKeyOf } from './idempotencyKey.js';
import type { IdempotencyStore } from './idempotencyStore.js';
import { requestFingerprint } from './requestFingerprint.js';
import { isRefusedWhileViewing, readOnlyRefusal } from './viewAsGuard.js';
import { staleViewMessage, viewingAsHeader } from '../../shared/rules/viewAsHeader.js';
import './types.js';
import { isRecord } from '../../shared/guards.js';

type Infer<T, Fallback> = T extends z.core.$ZodType ? z.output<T> : Fallback;

export interface HandlerContext<D extends RouteDescriptor> {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly params: Infer<D['params'], Record<string, never>>;
  readonly query: Infer<D['query'], Record<string, never>>;
  readonly body: Infer<D['body'], undefined>;
  /** The signed-in caller; always set on non-public routes, never on machine routes. */
  readonly user: D['scope'] extends string ? undefined : D['isPublic'] extends true ? SessionUser | undefined : SessionUser;
  /** The integration client whose token called a machine route (one with a `scope`). */
  readonly client: D['scope'] extends string ? IntegrationCaller : undefined;
}

/**
 * A JSON body already validated by the route's response schema and serialised (a cached answer):
 * sent as it is, with its ETag, and in the encoding the request accepts when a compressed copy
 * is there, so a repeated answer costs no parse, stringify, hash or compression.
 */
export interface SerialisedJson {
  readonly kind: 'serialisedJson';
  readonly json: string;
  /** A weak ETag of `json`. */
  readonly etag: string;
  /** The body's bytes in `encoding` (made once and kept by the caller); absent: `json` is sent. */
  readonly encode?: (encoding: 'br' | 'gzip' | 'identity') => Buffer;
}

const isSerialisedJson = (value: unknown): value is SerialisedJson =>
  isRecord(value) && value.kind === 'serialisedJson';

/**
 * JSON routes return their response (validated and stripped by the schema); raw ones write to `reply`.
 * A JSON route that answers in another format the request asked for (the attendance feed's CSV)
 * writes it to `reply` itself and returns `reply`.
 */
type HandlerResult<D extends RouteDescriptor> = D['response'] extends z.core.$ZodType ? z.input<D['response']> | SerialisedJson | FastifyReply : unknown;

/** Validates a JSON route's answer with its schema (stripping what it does not name) and serialises it. */
export function serialiseResponse(route: RouteDescriptor, result: unknown): string {
  if (isRawResponse(route.response)) throw new Error(`${route.id} has no JSON response`);
  return JSON.stringify(z.parse(route.response, result)) ?? 'null';
}

function sendSerialised(request: FastifyRequest, reply: FastifyReply, body: SerialisedJson): FastifyReply {
  // @fastify/etag answers 304 to a matching If-None-Match, and leaves a set ETag as it is.
  reply.type('application/json; charset=utf-8').header('etag', body.etag);
  if (!body.encode) return reply.send(body.json);
  if (body.json.length < COMPRESSION_THRESHOLD_BYTES) return reply.send(body.encode('identity'));
  reply.header('vary', 'accept-encoding');
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  if (!encoding) return reply.send(body.encode('identity'));
  // A Content-Encoding already set tells @fastify/compress to leave the body alone.
  return reply.header('content-encoding', encoding).send(body.encode(encoding));
}

/**
 * How a multipart route reads its form. The registration layer reads it before the handler runs, so
 * a keyed write can be recognised by its form (its fields and files) before anything is done.
 */
export interface FormReader<F> {
  readonly read: (request: FastifyRequest, reply: FastifyReply) => Promise<F>;
  /** What identifies the form for an Idempotency-Key (hashed with the params and query). */
  readonly fingerprintOf: (form: F) => unknown;
  /** Runs once the handler is done, whatever happened (e.g. removes temporary files). */
  readonly discard: (request: FastifyRequest, form: F) => Promise<void>;
}

export interface RouteImplementation {
  readonly route: RouteDescriptor;
  /** Returns its result, or a promise of it: the registration layer awaits either. */
  readonly handler: (ctx: HandlerContext<RouteDescriptor> & { readonly form?: unknown }) => unknown;
  /** Extra Fastify route config, e.g. a rate limit. */
  readonly config?: Record<string, unknown>;
  readonly form?: FormReader<unknown>;
}

/** Pairs a contract descriptor with its server handler, keeping the types of both. */
export function implement<D extends RouteDescriptor>(
  route: D,
  handler: (ctx: HandlerContext<D>) => HandlerResult<D> | Promise<HandlerResult<D>>,
  config?: Record<string, unknown>,
): RouteImplementation {
  return { route, handler, ...(config ? { config } : {}) };
}

/** Like `implement`, for a multipart route whose handler gets the form `reader` read. */
export function implementForm<D extends RouteDescriptor, F>(
  route: D,
  reader: FormReader<F>,
  handler: (ctx: HandlerContext<D> & { readonly form: F }) => HandlerResult<D> | Promise<HandlerResult<D>>,
): RouteImplementation {
  return { route, handler: handler as RouteImplementation['handler'], form: reader as FormReader<unknown> };
}

export interface AccessChecks {
  /** Throws when the caller's antiforgery token is missing or wrong. */
  readonly assertXsrf: (request: FastifyRequest) => void;
  /** Where the Idempotency-Keys of keyed routes are claimed and their answers kept. */
  readonly idempotency: IdempotencyStore;
  /** The client of a machine route's bearer token; throws 401 or 403 (integrationClients.service.ts). */
  readonly authenticateClient: (request: FastifyRequest, route: RouteDescriptor & { readonly scope: IntegrationScope }) => Promise<IntegrationCaller>;
}

/** A JSON or empty answer, ready to send or keep for a retried Idempotency-Key. */
function prepareAnswer(route: RouteDescriptor, reply: FastifyReply, result: unknown): PreparedAnswer {
  if (isRawResponse(route.response)) {
    if (route.response.kind !== 'empty') throw new Error(`${route.id}: only JSON and empty answers can be kept for a retry`);
    if (reply.sent) return { status: reply.statusCode, contentType: null, body: null, isSent: true };
    return { status: reply.statusCode === 200 ? 204 : reply.statusCode, contentType: null, body: null };
  }
  const json = isSerialisedJson(result) ? result.json : serialiseResponse(route, result);
  return { status: reply.statusCode, contentType: 'application/json; charset=utf-8', body: json };
}

/** Keyed routes answer JSON or nothing, to signed-in callers only: that is what a retry can be given again. */
function assertKeyable(route: RouteDescriptor): void {
  const isKeptAnswer = !isRawResponse(route.response) || route.response.kind === 'empty';
  if (route.isPublic || route.scope || !isKeptAnswer) throw new Error(`${route.id} cannot honour an Idempotency-Key: it must be signed-in only and answer JSON or nothing`);
}

/** A machine route has a scope, no roles, is not public, and lives under /api/integration/; no other route lives there. */
function assertMachineRouteShape(route: RouteDescriptor): void {
  const isUnderPrefix = route.path.startsWith(integrationPathPrefix);
  if (route.scope ? !isUnderPrefix || route.isPublic || route.roles.length > 0 || route.capability : isUnderPrefix) {
    throw new Error(`${route.id}: only machine routes (a scope, no roles, not public) live under ${integrationPathPrefix}`);
  }
}

const hasScope = (route: RouteDescriptor): route is RouteDescriptor & { readonly scope: IntegrationScope } => route.scope !== undefined;

/** Whether the user holds a capability a route requires (see `capabilityNames` in the contract). */
export function holdsCapability(user: SessionUser, capability: Capability): boolean {
  switch (capability) {
    case 'absenceReviewer':
      return user.isAbsenceReviewer;
    case 'studentSupport':
      return user.isStudentSupport;
  }
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
 * sign-in (401), the read-only check of a view-as session (403), role and capability (403),
 * antiforgery on writes (403), then validation (400), then, on a route that honours an
 * Idempotency-Key and a request that sends one, the key (idempotentAnswer.ts). A descriptor
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
    const isKeyed = isIdempotentByKey(route);
    if (isKeyed) assertKeyable(route);
    assertMachineRouteShape(route);
    app.route({
      method: route.method,
      url: route.path,
      config: impl?.config ?? {},
      preValidation: async (request) => {
        // A machine route answers a bearer token and nothing else: a session cookie counts for nothing there.
        if (hasScope(route)) {
          request.integrationClient = await checks.authenticateClient(request, route);
          return;
        }
        const session = request.session;
        if (!route.isPublic && !session) throw unauthorized();
        // The one place that keeps an administrator's view-as session read-only, for every route.
        if (session?.viewAs && isRefusedWhileViewing(route)) {
          request.viewAsRefused = true;
          throw readOnlyRefusal(session.user.displayName);
        }
        // A write from a page still showing a view that has ended (stopped in another tab, lapsed)
        // comes with the administrator's own cookies now: it must not run as them.
        if (!session?.viewAs && request.headers[viewingAsHeader.toLowerCase()] !== undefined && isRefusedWhileViewing(route)) {
          throw new HttpError(403, 'staleView', staleViewMessage, { viewAs: [staleViewMessage] });
        }
        // A route a view may call (stopping it) is the administrator's doing: their roles count.
        const caller = session?.viewAs && route.whileViewing === 'allow' ? session.viewAs.admin : session?.user;
        if (route.roles.length > 0 && !route.roles.some((role) => caller?.roles.includes(role))) {
          throw session ? forbidden() : unauthorized();
        }
        if (route.capability && !(caller && holdsCapability(caller, route.capability))) throw session ? forbidden() : unauthorized();
        if (isWrite(route.method)) checks.assertXsrf(request);
      },
      handler: async (request, reply) => {
        const ctx = {
          request,
          reply,
          params: parsePart(route.params, request.params, 'params'),
          query: parsePart(route.query, request.query, 'query'),
          body: route.multipart ? undefined : parsePart(route.body, request.body, 'body'),
          user: route.scope ? undefined : request.session?.user,
          client: request.integrationClient,
        } as HandlerContext<RouteDescriptor>;
        if (!impl) throw new HttpError(501, 'notImplemented', 'This feature is not available yet.');
        const key = isKeyed ? idempotencyKeyOf(request) : undefined;
        const form = impl.form ? await impl.form.read(request, reply) : undefined;
        try {
          if (key && ctx.user) {
            const { params, query, body } = ctx;
            const fingerprint = requestFingerprint({ params, query, body: impl.form ? impl.form.fingerprintOf(form) : body });
            const keyed = { userId: ctx.user.id, key, routeId: route.id, fingerprint };
            return await answerOnce(checks.idempotency, keyed, reply, request.log, async () => prepareAnswer(route, reply, await impl.handler({ ...ctx, form })));
          }
          return respond(route, request, reply, await impl.handler({ ...ctx, form }));
        } finally {
          if (impl.form) await impl.form.discard(request, form);
        }
      },
    });
  }
}

/** Sends a handler's result: JSON validated and serialised by the route's schema, or what a raw route wrote. */
function respond(route: RouteDescriptor, request: FastifyRequest, reply: FastifyReply, result: unknown): FastifyReply {
  if (isRawResponse(route.response)) {
    if (route.response.kind === 'empty' && !reply.sent) return reply.code(204).send();
    return reply;
  }
  // The handler wrote its own answer (another format the request asked for).
  if (result === reply) return reply;
  if (isSerialisedJson(result)) return sendSerialised(request, reply, result);
  // Serialised here, so every JSON response (a bare string or null included) is real JSON.
  return reply.type('application/json; charset=utf-8').send(serialiseResponse(route, result));
}
