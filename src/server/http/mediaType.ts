/**
 * Content negotiation by the Accept header (RFC 9110 §12.5.1), for the few routes that answer in
 * more than one format: the offered type the client rates highest, the server's order breaking
 * ties; `undefined` when it accepts none of them. A missing or empty header accepts anything.
 * Wildcards count (`*\/*`, `text/*`), a more specific range outranks a wider one for the same type,
 * and `q=0` refuses.
 */
export function preferredMediaType<T extends string>(accept: string | undefined, offered: readonly T[]): T | undefined {
  if (accept === undefined || accept.trim() === '') return offered[0];
  const ranges = accept.split(',').map((part) => {
    const [range = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    return { range: range.trim().toLowerCase(), q: Number.isFinite(weight) ? Math.min(1, Math.max(0, weight)) : 0 };
  });
  const specificity = (range: string, type: string): number => {
    if (range === type) return 3;
    if (range.endsWith('/*') && type.startsWith(range.slice(0, -1))) return 2;
    return range === '*/*' ? 1 : 0;
  };
  let best: { type: T; q: number } | undefined;
  for (const type of offered) {
    // The most specific range that matches decides this type's weight.
    let match: { q: number; rank: number } | undefined;
    for (const { range, q } of ranges) {
      const rank = specificity(range, type.toLowerCase());
      if (rank > 0 && (!match || rank > match.rank)) match = { q, rank };
    }
    if (match && match.q > 0 && (!best || match.q > best.q)) best = { type, q: match.q };
  }
  return best?.type;
}
