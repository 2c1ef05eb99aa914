/**
 * Paged lists keep their SPEC body (a JSON array) and say the rest in headers (RFC 8288 `Link`,
 * the common `X-Total-Count`): the URL of the next page, absent on the last, and the whole list's
 * length. Both sides read and write them through these helpers.
 */
export const pagingHeaders = { link: 'Link', totalCount: 'X-Total-Count' } as const;

/** The `Link` header value naming `url` as the next page. */
export const nextLinkHeader = (url: string): string => `<${url}>; rel="next"`;

/** The URL a `Link` header gives for rel="next", or undefined when it names none. */
export function nextLinkOf(header: string | null | undefined): string | undefined {
  for (const part of (header ?? '').split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /(?:^|;)\s*rel\s*=\s*"?(?:[^";]*\s)?next(?:\s[^";]*)?"?\s*(?:;|$)/i.test(match[2] ?? '')) return match[1];
  }
  return undefined;
}

/** The whole list's length from `X-Total-Count`, or undefined when missing or not a count. */
export function totalCountOf(header: string | null | undefined): number | undefined {
  return header && /^\d{1,9}$/.test(header) ? Number(header) : undefined;
}
