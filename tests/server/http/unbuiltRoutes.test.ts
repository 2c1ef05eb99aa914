import { describe, expect, it } from 'vitest';
import { allRoutes } from '../../../src/shared/contract/index.js';
import type { RouteDescriptor } from '../../../src/shared/contract/route.js';
import type { CallOptions } from '../../helpers/routes.js';
import { useTestApp } from '../../helpers/useTestApp.js';

/**
 * The to-do list of the contract: routes that are planned but not built yet, so they still answer
 * 501. Each names the open issue that builds it and a well-formed call, so the test can see the
 * 501 itself. When a feature lands, its entries must go (the test fails while they stay); a route
 * that answers 501 without an entry here fails the test too, so none is forgotten.
 */
interface PlannedRoute {
  readonly issue: number;
  /** A call that passes validation, as an allowed user (`userName`, default 'student'). */
  readonly call: Omit<CallOptions, 'as'>;
  readonly userName?: string;
}

const planned: Readonly<Record<string, PlannedRoute>> = {
};

const t = useTestApp();

describe('contract routes without an implementation', () => {
  it('are exactly the planned ones', () => {
    const unbuilt = t.app.unbuiltRoutes.map((route) => route.id);
    console.info(
      `Contract routes still answering 501 (${unbuilt.length} of ${allRoutes.length}):\n` +
        t.app.unbuiltRoutes.map((route) => `  ${route.id}  ${route.method} ${route.path}  (issue ${planned[route.id]?.issue ?? '?'})`).join('\n'),
    );
    expect(unbuilt.filter((id) => !(id in planned)), 'unbuilt routes missing from the planned list').toEqual([]);
    expect(Object.keys(planned).filter((id) => !unbuilt.includes(id)), 'planned entries that are built (or gone): remove them').toEqual([]);
  });

  const routeOf = (id: string): RouteDescriptor => {
    const route = allRoutes.find((candidate) => candidate.id === id);
    if (!route) throw new Error(`no contract route ${id}`);
    return route;
  };

  it.each(Object.entries(planned).filter(([id]) => allRoutes.some((route) => route.id === id)))(
    '%s answers 501 with the error shape to a well-formed call',
    async (id, entry) => {
      const route = routeOf(id);
      const as = route.isPublic ? await t.anonymous() : await t.signIn(entry.userName ?? 'student');
      const response = await t.call(route, { ...entry.call, as });
      expect(response.statusCode).toBe(501);
      expect(response.json()).toEqual({ message: 'This feature is not available yet.', errors: {}, code: 'notImplemented' });
    },
  );
});
