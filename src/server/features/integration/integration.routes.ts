import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  integrationClientCreateRoute, integrationClientListRoute, integrationClientRevokeRoute, integrationImportGetRoute, integrationImportPushRoute,
} from '../../../shared/contract/integration.js';
import type { ServerContext } from '../../context.js';
import { implement, implementForm, type RouteImplementation } from '../../http/contractRoutes.js';
import type { JobQueue } from '../../jobs/jobQueue.js';
import { importServiceFor } from '../imports/imports.jobs.js';
import { IntegrationClients, tokenHash } from './integrationClients.service.js';
import { pushedBundleReader } from './pushedBundle.js';

/** The counter a machine request counts against: its token's (so its client's), else its address. */
export function integrationRateKey(request: FastifyRequest): string {
  const token = /^Bearer (\S+)$/i.exec(request.headers.authorization?.trim() ?? '')?.[1];
  return token ? `token:${tokenHash(token).slice(0, 32)}` : `address:${request.ip}`;
}

/** Admin → Integrations (session, Administrator) and the machine routes themselves (bearer token, by scope). */
export function integrationRoutes(ctx: ServerContext, jobs: JobQueue): RouteImplementation[] {
  const clients = new IntegrationClients(ctx.db, ctx.clock);
  const imports = importServiceFor(ctx, jobs);
  const limited = { rateLimit: { max: ctx.config.integrationRateLimit, timeWindow: 60_000, keyGenerator: integrationRateKey } };
  const bundle = pushedBundleReader(join(ctx.config.uploadsDir, 'imports'), ctx.config.importMaxBytes);
  return [
    implement(integrationClientListRoute, async () => ({ items: await clients.list() })),
    implement(integrationClientCreateRoute, async ({ user, body, reply }) => {
      const created = await clients.create(user.id, body);
      reply.code(201).header('cache-control', 'no-store');
      return created;
    }),
    implement(integrationClientRevokeRoute, async ({ user, params }) => clients.revoke(user.id, params.rowId)),
    {
      ...implementForm(integrationImportPushRoute, bundle, async ({ client, query, form, reply }) => {
        const summary = await imports.create(null, form, { clientId: client.id, autoApply: query.apply === 'auto' });
        reply.code(202).header('location', `/api/integration/imports/${summary.rowId}`);
        return { rowId: summary.rowId, state: summary.state };
      }),
      config: limited,
    },
    implement(integrationImportGetRoute, async ({ params }) => imports.report(params.rowId), limited),
  ];
}
