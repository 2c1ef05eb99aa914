import type { PushOutcome, PushPayload, PushProvider, PushTarget } from '../../../src/server/push/pushProvider.js';

/**
 * A push service that answers from a script: what it answers each device in turn (delivered once
 * the script runs out), and when each send arrived.
 */
export class ScriptedPushService implements PushProvider {
  readonly name = 'webpush' as const;
  readonly sends: { subscriptionId: number; rowId: number; at: number }[] = [];
  private readonly scripts = new Map<number, PushOutcome[]>();

  script(subscriptionId: number, outcomes: PushOutcome[]): void {
    this.scripts.set(subscriptionId, [...outcomes]);
  }

  async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    this.sends.push({ subscriptionId: target.subscriptionId, rowId: payload.rowId, at: performance.now() });
    return this.scripts.get(target.subscriptionId)?.shift() ?? { kind: 'delivered' };
  }

  sendsTo(subscriptionId: number): { rowId: number; at: number }[] {
    return this.sends.filter((send) => send.subscriptionId === subscriptionId);
  }
}
