/**
 * The server marks its answers with X-Session-Revoked when this device's session was ended
 * elsewhere ("sign out of all devices", or an administrator). The page reacts once: start-up
 * registers what to do (wipe this device's copy and sign out locally); an answer that arrives
 * before that is remembered until it does.
 */
type RevokedHandler = () => void;

let handler: RevokedHandler | undefined;
let isPending = false;

/** Called for each answer carrying the header; the handler runs at most once per page. */
export function reportSessionRevoked(): void {
  const current = handler;
  if (!current) {
    isPending = true;
    return;
  }
  handler = undefined;
  current();
}

/** Sets what happens when the session turns out to be revoked (once). */
export function onSessionRevoked(fn: RevokedHandler): void {
  if (isPending) {
    isPending = false;
    fn();
    return;
  }
  handler = fn;
}
