import type { z } from 'zod/mini';
import { defineAdminCollection } from '../../../../shared/contract/adminCollection.js';
import type { ContractSchema } from '../../../../shared/contract/route.js';
import type { ServerContext } from '../../../context.js';
import { implement, type RouteImplementation } from '../../../http/contractRoutes.js';
import type { CollectionService } from './adminCollection.service.js';
import { present } from '../../../../shared/guards.js';

type Collection<B extends ContractSchema, I extends ContractSchema> = ReturnType<typeof defineAdminCollection<string, string, B, I>>;

/** The four routes of an admin collection, implemented by its service. */
export function implementCollection<B extends ContractSchema, I extends ContractSchema>(
  routes: Collection<B, I>,
  service: CollectionService<z.input<I>, z.output<B>>,
  { db, clock }: ServerContext,
): RouteImplementation[] {
  return [
    implement(routes.list, async () => service.list(db, clock.now())),
    implement(routes.create, async ({ user, body }) => service.create(db, user.id, present<z.output<B>>(body, 'The validated body'), clock.now())),
    implement(routes.update, async ({ user, params, body }) => service.update(db, user.id, params.rowId, present<z.output<B>>(body, 'The validated body'), clock.now())),
    implement(routes.remove, async ({ user, params }) => service.remove(db, user.id, params.rowId, clock.now())),
  ];
}
