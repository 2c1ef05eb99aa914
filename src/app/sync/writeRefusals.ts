import { isViewingAs } from './viewAsPort';
import { createListeners } from '../state/listeners';
import type { WriteRefusal } from './outboxFlusher';

export type { WriteRefusal };

/** An event, not a value: each refusal is told once, and nothing is kept. */
const refusals = createListeners<WriteRefusal>('write-refused');

/**
 * Calls back for every queued write the server refused (4xx). The write is already dropped and
 * its resource is being reloaded; the UI shows a negative toast, e.g. with `refusal.message` or
 * 'Code {status}: {statusText}' (SPEC §8 preference save failure). Returns the unsubscribe function.
 */
export function onWriteRefused(listener: (refusal: WriteRefusal) => void): () => void {
  return refusals.subscribe(listener);
}

export function emitWriteRefused(refusal: WriteRefusal): void {
  refusals.emit(refusal);
}

/** 'Code {status}: {statusText}', the SPEC §8 text for a failed preference save. */
export function describeRefusal(refusal: Pick<WriteRefusal, 'status' | 'statusText'>): string {
  return `Code ${refusal.status}: ${refusal.statusText}`;
}

const describers = new Map<string, (refusal: WriteRefusal) => string>();

/** Lets a feature word the notice for refused writes of its resource (e.g. SPEC §8 mark as read). */
export function describeRefusalsOf(resourceKey: string, describe: (refusal: WriteRefusal) => string): void {
  describers.set(resourceKey, describe);
}

/** The notice for a refused write: the resource's own wording, else 'Code {status}: {statusText}'; the server's message while viewing as someone. */
export function refusalNotice(refusal: WriteRefusal): string {
  // While viewing as someone (issue 17), the server's own read-only refusal says why.
  if (isViewingAs() && refusal.message !== '') return refusal.message;
  return describers.get(refusal.resourceKey)?.(refusal) ?? describeRefusal(refusal);
}
