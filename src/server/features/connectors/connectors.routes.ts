import {
  connectorCreateRoute, connectorDeleteRoute, connectorListRoute, connectorRunRoute, connectorUpdateRoute,
} from '../../../shared/contract/adminConnectors.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import type { JobQueue } from '../../jobs/jobQueue.js';
import { connectorServiceFor } from './connectors.jobs.js';

/** Admin → Integrations, connectors: list, add, change, remove, "Run now" (Administrator, by the contract). */
export function connectorRoutes(ctx: ServerContext, jobs: JobQueue): RouteImplementation[] {
  const service = connectorServiceFor(ctx, jobs);
  return [
    implement(connectorListRoute, async () => ({ items: await service.list() })),
    implement(connectorCreateRoute, async ({ user, body, reply }) => {
      const created = await service.create(user.id, body);
      reply.code(201);
      return created;
    }),
    implement(connectorUpdateRoute, async ({ user, params, body }) => service.update(user.id, params.rowId, body)),
    implement(connectorDeleteRoute, async ({ user, params }) => service.remove(user.id, params.rowId)),
    implement(connectorRunRoute, async ({ user, params, reply }) => {
      const run = await service.requestRun(user.id, params.rowId, 'manual');
      reply.code(202);
      return run;
    }),
  ];
}
