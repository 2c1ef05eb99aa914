import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/**
 * Antiforgery tokens are double-submit tokens bound to the user (not to one session): the token is
 * `nonce.mac` with mac = HMAC(secret, subject|nonce). A write must echo the cookie in the header,
 * and the mac must match the caller, so a write queued offline still replays after the session
 * was renewed, but a token planted for another user is useless.
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

/** The subject a token is bound to: the user when signed in, otherwise the anonymous visitor. */
export function xsrfSubject(userId: number | undefined): string {
  return userId === undefined ? 'anonymous' : `user:${userId}`;
}
