/** A fresh Idempotency-Key: random, printable ASCII. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The Idempotency-Key of one user action (submitting an absence request, sending a notification),
 * made when the action is first tried and kept across its retries, so a second press after an
 * answer that never arrived is recognised by the server as the same action and not done twice.
 * Once the action succeeds, `finish` lets the next action have a key of its own.
 */
export class ActionKey {
  private key: string | undefined;

  constructor(private readonly make: () => string = newIdempotencyKey) {}

  /** The action's key: made on first use, the same until `finish`. */
  current(): string {
    this.key ??= this.make();
    return this.key;
  }

  /** The action is done (or abandoned): the next one gets a new key. */
  finish(): void {
    this.key = undefined;
  }
}
