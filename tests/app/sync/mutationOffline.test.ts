import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineMutation } from '../../../src/app/sync/mutation';
import { defineRoute, raw } from '../../../src/shared/contract/route';

describe('defineMutation and the route\'s offline declaration', () => {
  it('refuses to queue a write whose route needs a connection', () => {
    const withdraw = defineRoute({
      id: 'test.withdraw',
      method: 'POST',
      path: '/api/things/:rowId/withdraw',
      params: z.object({ rowId: z.coerce.number() }),
      response: raw.empty,
      roles: [],
    });

    expect(() =>
      defineMutation<{ rowId: number }, never>({ name: 'test.withdraw', args: z.object({ rowId: z.int() }), route: withdraw, params: ({ rowId }) => ({ rowId }) }),
    ).toThrow(/test\.withdraw needs a connection/);
  });
});
