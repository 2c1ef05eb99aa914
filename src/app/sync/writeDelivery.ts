/**
 * Whether a write the user just made reached the server, or waits in the outbox. This is the one
 * place that knows: a feature queues its write here and gets back the delivery, and its success
 * notice is worded from that (`announceWrite`), never from a guess about the connection.
 */
import { activeUserDatabase } from '../db/userDatabase';
import { isViewingAs } from './viewAsPort';
import { toast, type ToastOptions } from '../ui/toast/toastStore';
import { buildRequest, type MutationDefinition } from './mutation';
import { queueMutation } from './outbox';
import { flushOutbox } from './outboxSync';
import type { FlushOutcome } from './outboxFlusher';

/** sent: the server has it; queued: kept on this device, to be sent later; refused: the server said no (its own notice says so). */
export type WriteDelivery = 'sent' | 'queued' | 'refused';

/** How long a notice waits to learn whether its write went: past this it is told as queued. */
export const deliveryWaitMs = 4000;

/** The success notice of a write kept on the device: what was done, then that it is saved here and will sync. */
export function queuedNotice(text: string): string {
  return `${text}. Saved on this device: it will sync when the connection is back.`;
}

/** The notice for a delivery: the feature's own (SPEC) text once sent; undefined when refused. */
export function noticeFor(delivery: WriteDelivery, text: string): string | undefined {
  if (delivery === 'refused') return undefined;
  return delivery === 'sent' ? text : queuedNotice(text);
}

/** Queues the write (optimistic, as `enqueueMutation`) and resolves once its delivery is known. */
export async function sendMutation<A, T>(mutation: MutationDefinition<A, T>, args: A): Promise<WriteDelivery> {
  const { seq } = await queueMutation(mutation, args);
  // Viewing as someone (issue 17): sent once, never queued, and refused; the server's refusal is the notice.
  if (isViewingAs()) return 'refused';
  return seq === undefined ? 'queued' : deliveryOf(seq);
}

/**
 * Shows the positive notice for a write once its delivery is known; rejects (and shows nothing)
 * when it could not even be queued.
 */
export async function announceWrite(delivery: Promise<WriteDelivery>, text: string, options?: ToastOptions): Promise<WriteDelivery> {
  const known = await delivery;
  const notice = noticeFor(known, text);
  if (notice !== undefined) toast.positive(notice, options);
  return known;
}

const timedOut = Symbol('timed out');

async function deliveryOf(seq: number): Promise<WriteDelivery> {
  const db = activeUserDatabase();
  if (!db || globalThis.navigator?.onLine === false) return 'queued';
  const entry = await db.outbox.get(seq);
  const built = entry && buildRequest(entry);
  const request = typeof built === 'object' ? built : undefined;
  const deadline = Date.now() + deliveryWaitMs;
  // A flush already under way may have started before this entry was queued: then one more.
  for (let round = 0; round < 3; round++) {
    const outcome = await withDeadline(flushOutbox(), deadline);
    if (outcome === timedOut) return 'queued';
    const isRefused = outcome?.refusals.some((refusal) => refusal.method === request?.method && refusal.url === request?.url) ?? false;
    if (isRefused) return 'refused';
    if ((await db.outbox.get(seq)) === undefined) return 'sent';
    if (outcome === undefined || outcome.status !== 'done') return 'queued';
  }
  return 'queued';
}

/** The flush's outcome, or `timedOut` at the deadline or when the flush failed (the write stays queued either way). */
function withDeadline(work: Promise<FlushOutcome | undefined>, deadline: number): Promise<FlushOutcome | undefined | typeof timedOut> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(timedOut), Math.max(0, deadline - Date.now()));
    const settle = (outcome: FlushOutcome | undefined | typeof timedOut) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    work.then(settle, () => settle(timedOut));
  });
}
