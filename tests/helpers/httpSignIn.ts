/** The name=value pairs a response sets as cookies. */
export const cookiesOf = (response: Response): Record<string, string> =>
  Object.fromEntries(response.headers.getSetCookie().map((c) => c.split(';')[0]?.split('=') ?? []).filter((p) => p.length === 2));

export const cookieHeader = (cookies: Record<string, string>): string => Object.entries(cookies).map(([name, value]) => `${name}=${value}`).join('; ');

/**
 * Signs a demo persona in on a listening server (`base` = its origin) through the real endpoints and
 * returns the headers its requests need: the cookies (session, antiforgery) and the antiforgery header.
 */
export async function signInOverHttp(base: string, userName: string): Promise<Record<string, string>> {
  const anonymous = cookiesOf(await fetch(`${base}/api/antiforgerytoken`));
  const response = await fetch(`${base}/api/user/signin/demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieHeader(anonymous), 'x-xsrf-token': anonymous['XSRF-TOKEN'] ?? '' },
    body: JSON.stringify({ userName }),
  });
  if (response.status !== 200) throw new Error(`sign-in as ${userName} failed: ${response.status} ${await response.text()}`);
  const cookies = { ...anonymous, ...cookiesOf(response) };
  return { cookie: cookieHeader(cookies), 'x-xsrf-token': cookies['XSRF-TOKEN'] ?? '' };
}
