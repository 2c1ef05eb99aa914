import type { z } from 'zod/mini';
import type { IntegrationScope } from './integrationScopes';

export type { IntegrationScope } from './integrationScopes';

/**
 * Any zod 4 schema: the contract's own are `zod/mini` ones, but classic schemas fit too. The type
 * carries no methods, so parse with the functional `z.parse` / `z.safeParse` of 'zod/mini'.
 */
export type ContractSchema = z.core.$ZodType;

/** The roles SPEC §6 names. Users may hold several. */
export const roleNames = ['Student', 'TeachingStaff', 'Administrator'] as const;
export type Role = (typeof roleNames)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Permissions that come from somewhere other than a role, each held by the members of a directory
 * group marked for it (Admin → Directory groups) and by every Administrator: `absenceReviewer`
 * (an absence-review group) and `studentSupport` (a Student Support group, issue 31).
 */
export const capabilityNames = ['absenceReviewer', 'studentSupport'] as const;
export type Capability = (typeof capabilityNames)[number];


/**
 * Responses that are not JSON: a redirect (sign-in, sign-out), an HTML or script page
 * (the demo persona picker), a calendar feed, a file download, no body at all, or a long-lived
 * `text/event-stream` (the status feed) that the handler writes and keeps open itself.
 */
export interface RawResponse {
  readonly kind: 'redirect' | 'html' | 'javascript' | 'calendar' | 'file' | 'empty' | 'eventStream';
}

/**
 * Kinds of record that belong to one user. A route that takes the id of one must answer another
 * user's id exactly as it answers an id that does not exist (404, or the empty answer of a lookup)
 * and leave that record alone; the route matrix tries it on every route that names one.
 * `taughtClass` is a timetabled class as its lecturers own it: another lecturer's class is refused
 * (403) to a lecturer, while an administrator may act on any class.
 */
export const ownedRecordKinds = ['absenceRequest', 'absenceFile', 'notification', 'pushSubscription', 'taughtClass'] as const;
export type OwnedRecordKind = (typeof ownedRecordKinds)[number];

/**
 * One call of SPEC §7 (plus the few server routes the product needs beyond it).
 * The server registers its routes from these; the client calls by them; the
 * route-matrix test walks all of them.
 */
export interface RouteDescriptor {
  /** Stable identifier, `resource.action`, e.g. `timetable.get`. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Fastify-style path with `:param` segments, always under /api. */
  readonly path: string;
  readonly params?: ContractSchema;
  readonly query?: ContractSchema;
  /** JSON body. */
  readonly body?: ContractSchema;
  /** Text fields of a multipart/form-data body; files are handled by the route. */
  readonly multipart?: ContractSchema;
  readonly response: ContractSchema | RawResponse;
  /**
   * Who may call it. `public`: anyone, signed in or not. Otherwise the caller must be signed
   * in and, when `roles` is non-empty, hold at least one of them.
   */
  readonly isPublic?: boolean;
  readonly roles: readonly Role[];
  /** A capability the caller must also hold (checked with the role, 403 without it). */
  readonly capability?: Capability;
  /**
   * A machine route (issue 36): the scope the caller's bearer token must hold. Such a route has
   * no roles, is never public, and answers only a valid token (401 without one, 403 out of scope).
   */
  readonly scope?: IntegrationScope;
  /** Client cache lifetime from SPEC §9, in minutes, where the spec gives one. */
  readonly cacheMinutes?: number;
  /**
   * What each `:param` of the path names: the kind of per-user record, or `null` for an id that is
   * no one user's (a shared link or room, a class an administrator acts on, the public capability
   * id of a calendar feed). Every path parameter must be listed (a test checks it).
   */
  readonly ownedParams?: Readonly<Record<string, OwnedRecordKind | null>>;
  /**
   * Fields of the JSON body or form that name per-user records; `*` stands for each item of a body
   * that is a list of ids.
   */
  readonly ownedFields?: Readonly<Record<string, OwnedRecordKind>>;
  /**
   * The client's cached resources (their registry keys) a successful call changes: the client
   * reloads them before the call resolves, so no caller refreshes by hand.
   */
  readonly invalidates?: readonly string[];
  /**
   * How the route behaves in an administrator's read-only view-as session (issue 17). By default
   * every non-GET route is refused there and every GET answered. `refuse` marks a GET that writes
   * (enabling the calendar feed) or reveals what a viewer must not see; `allow` marks the one write
   * a view-as session may make (stopping it), whose role check runs against the administrator.
   */
  readonly whileViewing?: 'allow' | 'refuse';
  /**
   * Whether the server honours an `Idempotency-Key` header on this route (issue 29): the same key
   * from the same user within 24 hours answers the first success again and does nothing more.
   * Default: every POST does (they create a record or trigger a one-off effect); `false` marks a
   * POST where a replayed answer makes no sense (sign-in, a negotiation, a read sent as a POST),
   * and `true` opts in another write that may trigger a one-off effect (a notification's "send now").
   */
  readonly isIdempotentByKey?: boolean;
  /**
   * What the client does with this write when it cannot reach the server (issue 33 §2). `queue`:
   * the write is a named mutation (`src/app/sync/mutation.ts`), kept in the device's outbox and sent
   * when the connection is back, so only the outbox may send it. Any other write needs a connection:
   * it fails at once, offline, with the network error, and the screen says so. The writes a student
   * can make that need a connection are listed, each with its reason, in `writesNeedingConnection.ts`.
   */
  readonly offline?: 'queue';
}

/** Whether the route's write waits in the outbox when offline (see `RouteDescriptor.offline`). */
export function isQueuedOffline(route: Pick<RouteDescriptor, 'offline'>): boolean {
  return route.offline === 'queue';
}

/** Whether the route honours an `Idempotency-Key` (see `RouteDescriptor.isIdempotentByKey`). */
export function isIdempotentByKey(route: RouteDescriptor): boolean {
  return route.isIdempotentByKey ?? route.method === 'POST';
}

/** Identity helper that keeps the literal types of a descriptor. */
export function defineRoute<const D extends RouteDescriptor>(descriptor: D): D {
  return descriptor;
}

export const raw = {
  redirect: { kind: 'redirect' },
  html: { kind: 'html' },
  javascript: { kind: 'javascript' },
  calendar: { kind: 'calendar' },
  file: { kind: 'file' },
  empty: { kind: 'empty' },
  eventStream: { kind: 'eventStream' },
} as const satisfies Record<string, RawResponse>;

export function isRawResponse(response: RouteDescriptor['response']): response is RawResponse {
  return !('_zod' in response) && typeof response.kind === 'string';
}
