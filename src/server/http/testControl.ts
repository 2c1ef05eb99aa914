import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SettableClock } from '../clock.js';
import type { ServerContext } from '../context.js';
import type { JobContext } from '../jobs/jobDefinition.js';
import { intervalJobs, scheduledJobs } from '../jobs/scheduledJobs.js';
import { HttpError } from './errors.js';

/** Where the test-only routes live; nothing under it exists unless E2E_TEST_CONTROL=1. */
export const TEST_CONTROL_PREFIX = '/api/test';

const clockBody = z.union([
  z.strictObject({ advanceMs: z.number().int().nonnegative().max(366 * 86_400_000) }),
  z.strictObject({ to: z.iso.datetime({ offset: true }) }),
]);

const invalid = (field: string, message: string): HttpError => new HttpError(400, 'validation', 'The request is not valid.', { [field]: [message] });

/**
 * The e2e tests' handles on the server (E2E_TEST_CONTROL=1, which scripts/e2e-server.mjs alone
 * sets and production refuses), registered outside the API contract so that no client, route
 * list or route-matrix test ever sees them:
 *
 * - `GET /api/test/clock`: `{ now }`, the server's clock.
 * - `POST /api/test/clock` with `{ advanceMs }` or `{ to }` (an instant with its offset): moves the
 *   clock forward (400 for backwards), answers `{ now }`.
 * - `POST /api/test/jobs/:name/run`: runs one scheduled or interval job now, on this process, with
 *   the server's clock; 404 for an unknown name.
 * - `GET /api/test/held`: never answers; the request ends when the client goes away. A page's
 *   request through the service worker then keeps that worker busy, as a browser's stuck worker
 *   would (`e2e/swUpdate.spec.ts`, the hand-over that never comes).
 *
 * Off, none of them is registered: /api/test/… answers 404 like any unknown path.
 */
export function registerTestControl(app: FastifyInstance, ctx: ServerContext): void {
  const { clock } = ctx;
  app.get(`${TEST_CONTROL_PREFIX}/clock`, () => ({ now: clock.now().toISOString() }));

  app.post(`${TEST_CONTROL_PREFIX}/clock`, (request) => {
    if (!(clock instanceof SettableClock)) throw new HttpError(409, 'conflict', 'This server\'s clock cannot be moved.', { clock: ['The app was given a clock that is not a SettableClock.'] });
    const parsed = clockBody.safeParse(request.body);
    if (!parsed.success) throw invalid('body', 'Send { "advanceMs": milliseconds (0 or more) } or { "to": an ISO 8601 instant with its offset }.');
    if ('advanceMs' in parsed.data) {
      clock.advance(parsed.data.advanceMs);
    } else {
      const to = new Date(parsed.data.to);
      if (to.getTime() < clock.nowMs()) throw invalid('to', `The clock does not go backwards: it is ${clock.now().toISOString()}.`);
      clock.startAt(to);
    }
    return { now: clock.now().toISOString() };
  });

  // Fastify sends nothing for a hijacked reply: the socket is the client's to close, or the
  // server's as it stops (a held request must not keep it from stopping).
  const heldSockets = new Set<Socket>();
  app.get(`${TEST_CONTROL_PREFIX}/held`, (request, reply) => {
    reply.hijack();
    const { socket } = request.raw;
    heldSockets.add(socket);
    socket.once('close', () => heldSockets.delete(socket));
  });
  app.addHook('preClose', (done) => {
    for (const socket of heldSockets) socket.destroy();
    done();
  });

  app.post<{ Params: { name: string } }>(`${TEST_CONTROL_PREFIX}/jobs/:name/run`, async (request) => {
    const job = [...scheduledJobs, ...intervalJobs].find((candidate) => candidate.name === request.params.name);
    if (!job) throw new HttpError(404, 'notFound', 'No such job.', { name: [`Known jobs: ${[...scheduledJobs, ...intervalJobs].map((j) => j.name).join(', ')}`] });
    const jobContext: JobContext = { ...ctx, now: () => clock.now(), jobs: app.jobs };
    await job.run(jobContext);
    return { name: job.name, ranAt: clock.now().toISOString() };
  });
}
