import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import { xsrfCookieName as plainCookieName } from '../../shared/contract/antiforgery.js';

export const XSRF_COOKIE = plainCookieName;
export const XSRF_HEADER = 'x-xsrf-token';

/**
 * Antiforgery tokens are double-submit tokens bound to one session: the token is `nonce.mac` with
 * mac = HMAC(secret, subject|nonce). A write must echo the cookie in the header, and the mac must
 * match the caller's session, so a token planted for another session is useless and a sign-out
 * makes every token of that session worthless. (A write queued offline across a new sign-in is
 * refused for its token once; the client then fetches the new session's token and sends it again:
 * src/app/api/xsrf.ts.)
 */
export class XsrfTokens {
  constructor(private readonly secret: string) {}

  issue(subject: string): string {
    const nonce = randomBytes(18).toString('base64url');
    return `${nonce}.${this.mac(subject, nonce)}`;
  }

  isValid(subject: string, cookieToken: string | undefined, headerToken: string | undefined): boolean {
    if (!cookieToken || !headerToken || !safeEqual(cookieToken, headerToken)) return false;
    const [nonce, mac, extra] = headerToken.split('.');
    if (!nonce || !mac || extra !== undefined) return false;
    return safeEqual(mac, this.mac(subject, nonce));
  }

  private mac(subject: string, nonce: string): string {
    return createHmac('sha256', this.secret).update(`${subject}|${nonce}`).digest('base64url');
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The subject a token is bound to: the session (by its id's hash) when signed in, otherwise the anonymous visitor. */
export function xsrfSubject(session: { readonly idHash: string } | null | undefined): string {
  return session ? `session:${session.idHash}` : 'anonymous';
}
