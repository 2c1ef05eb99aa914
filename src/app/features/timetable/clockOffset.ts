/**
 * The client/server clock offset (SPEC §7 servertime): the server's time minus the moment half way
 * through the request, which is when the server most likely read its clock.
 */
export function computeClockOffset(serverTime: string | number, requestStartMs: number, requestEndMs: number): number {
  const serverMs = typeof serverTime === 'number' ? serverTime : Date.parse(serverTime);
  if (Number.isNaN(serverMs)) return 0;
  return Math.round(serverMs - (requestStartMs + requestEndMs) / 2);
}
