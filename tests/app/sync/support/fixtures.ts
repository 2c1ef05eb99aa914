import { z } from 'zod/mini';
import { defineRoute, raw } from '../../../../src/shared/contract/route';
import type { SignedInUserInfo } from '../../../../src/shared/contract/user';
import { defineMutation } from '../../../../src/app/sync/mutation';
import { defineResource } from '../../../../src/app/sync/registry';

/** A signed-in user with a unique id, so each test gets its own database. */
let nextUser = 1;
export function makeUser(overrides: Partial<SignedInUserInfo> = {}): SignedInUserInfo {
  const userId = overrides.userId ?? `test-${process.pid}-${nextUser++}`;
  return {
    isSignedIn: true,
    isStaffSignedIn: false,
    isStudentSignedIn: true,
    userId,
    userName: `user${userId}`,
    userDisplayName: 'Test User',
    userFirstName: 'Test',
    userEmailAddress: 'test@campus.example.ac.uk',
    staffJobFamily: null,
    userRoles: ['Student'],
    userAdGroups: [],
    slidingExpiration: true,
    slidingExpirationMinutes: 60,
    sessionExpiration: '2030-01-01T10:00:00Z',
    ...overrides,
  };
}

/** GET /api/test/values/:name: an integer register (null until set), cached 30 minutes. */
export const getValueRoute = defineRoute({
  id: 'test.value.get',
  method: 'GET',
  path: '/api/test/values/:name',
  params: z.object({ name: z.string() }),
  response: z.nullable(z.int()),
  roles: [],
  cacheMinutes: 30,
});

/** PUT /api/test/values/:name with { value }: idempotent, the last write wins. */
export const putValueRoute = defineRoute({
  id: 'test.value.put',
  method: 'PUT',
  path: '/api/test/values/:name',
  params: z.object({ name: z.string() }),
  body: z.object({ value: z.int() }),
  response: raw.empty,
  roles: [],
  offline: 'queue',
});

/** Sets a register: the named mutation the tests queue (negative values are refused by the model server). */
export const putValueMutation = defineMutation<{ name: string; value: number }, number | null>({
  name: 'test.value.put',
  args: z.object({ name: z.string(), value: z.int() }),
  route: putValueRoute,
  resourceKey: ({ name }) => `value-${name}`,
  params: ({ name }) => ({ name }),
  body: ({ value }) => ({ value }),
  apply: (_current, { value }) => value,
});

/** GET /api/test/set: a set of integers (sorted), as favourites are a set of ids. */
export const getSetRoute = defineRoute({
  id: 'test.set.get',
  method: 'GET',
  path: '/api/test/set',
  response: z.array(z.int()),
  roles: [],
  cacheMinutes: 30,
});

/** POST /api/test/set with { item }: idempotent (adding twice keeps one). */
export const addItemRoute = defineRoute({
  id: 'test.set.add',
  method: 'POST',
  path: '/api/test/set',
  body: z.object({ item: z.int() }),
  response: raw.empty,
  roles: [],
  offline: 'queue',
});

/** DELETE /api/test/set/:item: idempotent (removing a missing item is 204). */
export const removeItemRoute = defineRoute({
  id: 'test.set.remove',
  method: 'DELETE',
  path: '/api/test/set/:item',
  params: z.object({ item: z.coerce.number() }),
  response: raw.empty,
  roles: [],
  offline: 'queue',
});

export const setResource = defineResource({ key: 'set', route: getSetRoute });

export const withMember = (set: readonly number[] | undefined, item: number): number[] =>
  [...new Set([...(set ?? []), item])].sort((a, b) => a - b);
export const withoutMember = (set: readonly number[] | undefined, item: number): number[] => (set ?? []).filter((member) => member !== item);

export const addItemMutation = defineMutation<{ item: number }, number[]>({
  name: 'test.set.add',
  args: z.object({ item: z.int() }),
  route: addItemRoute,
  resourceKey: () => setResource.key,
  body: ({ item }) => ({ item }),
  apply: (set, { item }) => withMember(set, item),
});

export const removeItemMutation = defineMutation<{ item: number }, number[]>({
  name: 'test.set.remove',
  args: z.object({ item: z.int() }),
  route: removeItemRoute,
  resourceKey: () => setResource.key,
  params: ({ item }) => ({ item }),
  apply: (set, { item }) => withoutMember(set, item),
});

export const valueNames = ['a', 'b', 'c'] as const;
export type ValueName = (typeof valueNames)[number];

export const valueResources = Object.fromEntries(
  valueNames.map((name) => [name, defineResource({ key: `value-${name}`, route: getValueRoute, params: { name } })]),
) as Record<ValueName, ReturnType<typeof defineResource<typeof getValueRoute>>>;

/** Only students may load it. */
export const studentsOnlyResource = defineResource({
  key: 'value-students-only',
  route: getValueRoute,
  params: { name: 'students' },
  isAllowed: (user) => user.isStudentSignedIn,
});

export function jsonResponse(value: unknown, init: { status?: number; etag?: string } = {}): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (init.etag) headers.ETag = init.etag;
  return new Response(JSON.stringify(value), { status: init.status ?? 200, statusText: init.status === undefined ? 'OK' : 'Error', headers });
}

export function userInfoResponse(userId: string): Response {
  return jsonResponse({ isSignedIn: true, isStaffSignedIn: false, isStudentSignedIn: true, userId });
}
