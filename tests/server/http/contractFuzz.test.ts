import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { allRoutes } from '../../../src/shared/contract/index.js';
import { errorCodes } from '../../../src/shared/contract/errorCodes.js';
import { isIdempotentByKey, type Role, type RouteDescriptor } from '../../../src/shared/contract/route.js';
import { integrationScopes } from '../../../src/shared/contract/integrationScopes.js';
import { tokenHash } from '../../../src/server/features/integration/integrationClients.service.js';
import { replayedHeader } from '../../../src/server/http/idempotentAnswer.js';
import { rowCounts } from '../../helpers/rowCounts.js';
import { anonymous, signIn, type Caller, type TestApp, createTestApp } from '../../helpers/testApp.js';
import { hostileValue, inputFor, toJsonText } from '../../helpers/zodArbitrary.js';

/**
 * Fuzzes every route of the contract with inputs derived from its own schemas (params, query,
 * JSON body, form fields): valid, boundary and hostile values. Whatever arrives, the server must
 * not fail (no 5xx; 501 only for a route with no implementation yet) and every error must have
 * the SPEC §8 shape. New routes are covered as soon as they are in `allRoutes`.
 *
 * A failure prints fast-check's seed and path; replay with FUZZ_SEED=<seed>.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20_261_123);
const numRuns = Number(process.env.FUZZ_RUNS ?? 100);

const personaFor: Record<Role, string> = { Student: 'student', TeachingStaff: 'lecturer', Administrator: 'admin' };
const personaOf = (route: RouteDescriptor): string =>
  route.scope ? 'machine' : route.isPublic ? 'anonymous' : route.capability === 'absenceReviewer' ? 'staff' : route.capability === 'studentSupport' ? 'support' : route.roles[0] ? personaFor[route.roles[0]] : 'student';

type Schema = z.core.$ZodType;
type Body =
  | { readonly kind: 'none' }
  | { readonly kind: 'json'; readonly value: unknown; readonly contentType: string }
  | { readonly kind: 'multipart'; readonly fields: unknown };

interface FuzzRequest {
  readonly params: Record<string, unknown>;
  readonly query: unknown;
  readonly body: Body;
}

/** UTF-8 percent-encoding that never throws (a lone surrogate becomes U+FFFD, as a browser sends it). */
function encode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'object' && value !== null) return toJsonText(value) ?? '';
  return String(value);
}

/**
 * A path segment as a client would send it. Over-long ones (Fastify's 414) and, now and then, broken
 * percent-encoding (its 400) are early errors, answered in the same error shape as the contract's.
 */
function pathSegment(value: unknown): string {
  const text = asText(value);
  if (text.length % 17 === 3) return `${encode(text)}%E0%A4%A`;
  return encode(text);
}

function queryString(query: unknown): string {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value.slice(0, 200) : [value];
    for (const item of values) pairs.push(`${encode(key)}=${encode(asText(item))}`);
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

function multipartPayload(fields: unknown): { payload: Buffer; contentType: string } {
  const boundary = '----fuzzBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  if (typeof fields === 'object' && fields !== null && !Array.isArray(fields)) {
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value.slice(0, 15) : [value]) {
        chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n${asText(item)}\r\n`));
      }
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const shapeOf = (schema: Schema | undefined): Record<string, Schema> => {
  const def = schema?._zod.def as { type?: string; shape?: Record<string, Schema> } | undefined;
  return def?.type === 'object' && def.shape ? def.shape : {};
};

/** Everything a request to the route can carry, generated from its schemas. */
function requestFor(route: RouteDescriptor): fc.Arbitrary<FuzzRequest> {
  const paramShape = shapeOf(route.params);
  const paramNames = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
  const params = fc.record(Object.fromEntries(paramNames.map((name) => {
    const schema = paramShape[name];
    return [name, schema ? inputFor(schema) : hostileValue];
  })));
  const stray = fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 3 });
  const query = route.query ? inputFor(route.query) : fc.option(stray, { nil: undefined, freq: 3 });
  const contentType = fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'application/json; charset=latin1');
  const jsonBody = (value: fc.Arbitrary<unknown>): fc.Arbitrary<Body> =>
    fc.record({ kind: fc.constant('json' as const), value, contentType });
  let body: fc.Arbitrary<Body>;
  if (route.multipart) {
    body = fc.oneof(
      { arbitrary: fc.record({ kind: fc.constant('multipart' as const), fields: inputFor(route.multipart) }), weight: 8 },
      { arbitrary: jsonBody(hostileValue), weight: 1 },
      { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
    );
  } else if (route.body) {
    body = fc.oneof(
      { arbitrary: jsonBody(inputFor(route.body)), weight: 9 },
      { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
    );
  } else if (route.method === 'GET') {
    body = fc.constant({ kind: 'none' as const });
  } else {
    body = fc.oneof({ arbitrary: fc.constant({ kind: 'none' as const }), weight: 3 }, { arbitrary: jsonBody(hostileValue), weight: 1 });
  }
  return fc.record({ params, query, body });
}

function inject(route: RouteDescriptor, request: FuzzRequest, caller: Caller, extraHeaders: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const path = route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => pathSegment(request.params[name]));
  const headers: Record<string, string> = { ...caller.headers(), ...extraHeaders };
  let payload: string | Buffer | undefined;
  if (request.body.kind === 'json') {
    headers['content-type'] = request.body.contentType;
    payload = toJsonText(request.body.value) ?? '';
  } else if (request.body.kind === 'multipart') {
    const form = multipartPayload(request.body.fields);
    headers['content-type'] = form.contentType;
    payload = form.payload;
  }
  return t.app.inject({ method: route.method, url: `${path}${queryString(request.query)}`, headers, ...(payload === undefined ? {} : { payload }) });
}

// The SPEC §8 shape, and a code this release knows on every error answer (required here: the
// shared schema lets a client read a body without one).
const errorShape = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())), code: z.enum(errorCodes) });

/** What is wrong with the response, or undefined when it is acceptable. */
function problemWith(route: RouteDescriptor, response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  if (status === 501 && t.app.unbuiltRoutes.includes(route)) return undefined;
  if (status >= 500) return `answered ${status}: ${response.body.slice(0, 300)}`;
  if (status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      return `answered ${status} with a body that is not JSON: ${response.body.slice(0, 300)}`;
    }
    if (!z.safeParse(errorShape, parsed).success) return `answered ${status} without the SPEC §8 error shape and a known code: ${response.body.slice(0, 300)}`;
  }
  if (Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')) return 'polluted Object.prototype';
  return undefined;
}

/** The failure, the seed and path to replay it, and the input (long values cut, so the report stays readable). */
function report(route: RouteDescriptor, details: fc.RunDetails<[FuzzRequest]>): string {
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const input = details.counterexample ? fc.stringify(details.counterexample[0]) : 'none';
  return [
    `${route.id}: ${cause}`,
    `Replay with FUZZ_SEED=${details.seed} (fast-check seed ${details.seed}, path "${details.counterexamplePath ?? ''}", run ${details.numRuns})`,
    `Input: ${input.length > 1500 ? `${input.slice(0, 1500)}… (${input.length} characters)` : input}`,
  ].join('\n');
}

let t: TestApp;
const callers = new Map<string, Caller>();

/** The persona's caller; signed in again if a request (a sign-out, a new sign-in) ended its session. */
async function callerFor(name: string): Promise<Caller> {
  const existing = callers.get(name);
  if (existing) return existing;
  const caller = name === 'machine' ? await machineCaller() : name === 'anonymous' ? await anonymous(t.app) : await signIn(t.app, name);
  callers.set(name, caller);
  return caller;
}

/** An integration client holding every scope: the machine routes' caller, by bearer token (issue 36). */
async function machineCaller(): Promise<Caller> {
  const token = `cci_fuzz-${randomBytes(16).toString('hex')}`;
  await t.db.insertInto('integration_clients').values({
    name: `Fuzz ${token.slice(-6)}`, scopes: [...integrationScopes], token_hash: tokenHash(token), created_at: new Date(0), expires_at: new Date('2100-01-01T00:00:00Z'),
  }).execute();
  return { cookies: {}, xsrf: '', headers: () => ({ authorization: `Bearer ${token}` }) };
}

function forgetIfSessionEnded(name: string, caller: Caller, response: LightMyRequestResponse): void {
  const cleared = response.cookies.some((cookie) => cookie.name in caller.cookies && (cookie.value === '' || cookie.maxAge === 0));
  if (cleared || response.statusCode === 401) callers.delete(name);
}

beforeAll(async () => {
  t = await createTestApp({ SIGNIN_RATE_LIMIT: '100000', INTEGRATION_RATE_LIMIT: '100000' });
});
afterAll(() => t.close());

describe(`contract fuzz (seed ${seed}, ${numRuns} inputs per route)`, () => {
  it('walks the whole contract', () => {
    expect(allRoutes.length).toBeGreaterThanOrEqual(50);
  });

  it.each(allRoutes.map((route) => [`${route.method} ${route.path} (${route.id})`, route] as const))(
    '%s never fails and answers errors in the SPEC §8 shape',
    async (_name, route) => {
      const persona = personaOf(route);
      const details = await fc.check(
        fc.asyncProperty(requestFor(route), async (request) => {
          const caller = await callerFor(persona);
          const response = await inject(route, request, caller);
          forgetIfSessionEnded(persona, caller, response);
          const problem = problemWith(route, response);
          if (problem) {
            delete (Object.prototype as Record<string, unknown>).polluted;
            throw new Error(`${route.method} ${route.path} ${problem}`);
          }
        }),
        { seed, numRuns, endOnFailure: true },
      );
      if (details.failed) throw new Error(report(route, details));
    },
    120_000,
  );

  // Issue 29: every route that honours an Idempotency-Key, sent the same generated request twice
  // with one key: a first success is answered again, byte for byte, and no table gains or loses a row.
  let keyNumber = 0;
  const replayRuns = Number(process.env.FUZZ_REPLAY_RUNS ?? 15);
  it.each(allRoutes.filter(isIdempotentByKey).map((route) => [`${route.method} ${route.path} (${route.id})`, route] as const))(
    '%s answers a retried Idempotency-Key with its first success and does nothing again',
    async (_name, route) => {
      const persona = personaOf(route);
      const details = await fc.check(
        fc.asyncProperty(requestFor(route), async (request) => {
          const caller = await callerFor(persona);
          const key = { 'idempotency-key': `fuzz-${(keyNumber += 1)}` };
          const first = await inject(route, request, caller, key);
          forgetIfSessionEnded(persona, caller, first);
          // Only a success is kept; a refused request may run again (tests/server/http/idempotentAnswer.test.ts).
          if (first.statusCode < 200 || first.statusCode >= 300) return;
          const before = await rowCounts(t.db);
          const again = await inject(route, request, caller, key);
          const problem =
            again.statusCode !== first.statusCode || again.body !== first.body ? `the retry answered ${again.statusCode} ${again.body.slice(0, 200)} after ${first.statusCode} ${first.body.slice(0, 200)}`
            : again.headers[replayedHeader] !== 'true' ? 'the retry was not a replay'
            : JSON.stringify(await rowCounts(t.db)) !== JSON.stringify(before) ? 'the retry changed the rows of a table'
            : undefined;
          if (problem) throw new Error(`${route.method} ${route.path} ${problem}`);
        }),
        { seed, numRuns: replayRuns, endOnFailure: true },
      );
      if (details.failed) throw new Error(report(route, details));
    },
    120_000,
  );
});
