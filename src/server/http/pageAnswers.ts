import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { antiforgeryTokenRoute } from '../../shared/contract/antiforgery.js';
import { isRecord, stringsOf } from '../../shared/guards.js';
import { pageOwnAnswerRoutes, sessionAnswerRoutes, startupAnswerRoutes } from '../../shared/contract/pageAnswers.js';
import { pagingHeaders } from '../../shared/contract/paging.js';
import { pageAnswerHeadersAttribute, pageAnswerUrlAttribute } from '../../shared/rules/pageAnswerElement.js';
import { sessionRevokedHeader, sessionUserHeader } from '../../shared/rules/sessionUserHeader.js';
import type { RouteDescriptor } from '../../shared/contract/route.js';
import { withinTime } from '../withinTime.js';

// Answers carried in the page (src/shared/rules/pageAnswerElement.ts): for a signed-in browser's
// load of a page, the API answers its start-up would ask for first, each asked of this same server
// in process (`inject`), with the browser's own cookies. They are the very answers the browser
// would get: the same authorisation, body, ETag and headers, and the same cookies set.

/** No answers: the page goes as built. */
export const noSessionAnswers: SessionAnswers = { isSignedIn: false, userRoles: [], elements: '', setCookies: [] };

export interface SessionAnswers {
  /** User info said the session is signed in (and set no cookie): the page carries answers. */
  readonly isSignedIn: boolean;
  /** The signed-in user's roles (user info's `userRoles`): which start-up routes to ask. */
  readonly userRoles: readonly string[];
  /** The `<script type="application/json">` elements of user info and the antiforgery token. */
  readonly elements: string;
  /** Their Set-Cookie values (the antiforgery cookie; a lapsed view's cookies), for the page's response. */
  readonly setCookies: readonly string[];
}

/** The answer headers that travel with it: what the app's `request.ts`, `conditionalGet` and paging read. */
const pageAnswerHeaders = ['content-type', 'etag', sessionUserHeader.toLowerCase(), sessionRevokedHeader.toLowerCase(), pagingHeaders.link.toLowerCase(), pagingHeaders.totalCount.toLowerCase()];

interface Answer {
  readonly path: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly setCookies: readonly string[];
}

/**
 * A browser loading a page in a tab (not a script's fetch, a frame, or a service worker's
 * precache): only such a response is read by the app's start-up, once. Browsers send the
 * Sec-Fetch headers to https origins and to localhost; without them nothing is carried.
 */
export function isDocumentNavigation(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.headers['sec-fetch-mode'] === 'navigate' && request.headers['sec-fetch-dest'] === 'document';
}

function setCookiesOf(header: string | string[] | number | undefined): string[] {
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [String(header)];
}

async function ask(app: FastifyInstance, request: FastifyRequest, route: RouteDescriptor): Promise<Answer> {
  const response = await app.inject({
    method: 'GET',
    url: route.path,
    headers: {
      accept: 'application/json',
      ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
      ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
    },
    remoteAddress: request.ip,
  });
  const headers: Record<string, string> = {};
  for (const name of pageAnswerHeaders) {
    const value = response.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return { path: route.path, status: response.statusCode, headers, body: response.body, setCookies: setCookiesOf(response.headers['set-cookie']) };
}

/** JSON in a data block: `<` never appears raw, so no `</script>` or `<!--` can end or bend it. */
const asScriptText = (json: string): string => json.replace(/</g, '\\u003c');

const asAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function elementOf(answer: Answer): string {
  return `<script type="application/json" ${pageAnswerUrlAttribute}="${asAttribute(answer.path)}" ${pageAnswerHeadersAttribute}="${asAttribute(JSON.stringify(answer.headers))}">${asScriptText(answer.body)}</script>`;
}

const isJsonSuccess = (answer: Answer): boolean => answer.status === 200 && (answer.headers['content-type'] ?? '').startsWith('application/json');

/**
 * The longest a page waits for its answers, before its head (session answers) and before its end
 * (start-up answers). A database that is slow or not there must not hold the page back: without
 * its answers the app starts as it would without this, asking for each itself, and shows what it
 * has on the device meanwhile.
 */
export const answersWaitMs = 2_000;

/** User info's answer, read as far as this needs it: signed in or not, and the roles. */
function signedInRoles(answer: Answer): readonly string[] | undefined {
  if (!isJsonSuccess(answer)) return undefined;
  const info: unknown = JSON.parse(answer.body);
  if (!isRecord(info) || info.isSignedIn !== true) return undefined;
  return stringsOf(info.userRoles);
}

/**
 * The app's page a URL opens, as its router matches it: without the query or a trailing slash,
 * and in lower case (the router's paths are not case-sensitive).
 */
export function pagePathOf(url: string): string {
  const path = (url.split('?')[0] ?? '').replace(/\/+$/, '').toLowerCase();
  return path === '' ? '/' : path;
}

/**
 * User info, then (for a signed-in session) the antiforgery token: the answers whose cookies go on
 * the page's response, so they are asked before it starts. A user-info answer that set a cookie (a
 * lapsed view handing back the administrator's session) carries only its cookies: the other answers
 * would have been asked with the old ones.
 */
export async function sessionAnswersFor(app: FastifyInstance, request: FastifyRequest): Promise<SessionAnswers> {
  const [userInfoRoute, ...otherRoutes] = sessionAnswerRoutes;
  if (!userInfoRoute) return noSessionAnswers;
  const userInfo = await ask(app, request, userInfoRoute);
  const userRoles = signedInRoles(userInfo);
  if (userRoles === undefined || userInfo.setCookies.length > 0) return { ...noSessionAnswers, setCookies: userInfo.setCookies };
  // The antiforgery token only for a load from this site (or typed, or a bookmark): one arriving
  // from another site's link comes without the SameSite=Strict cookie, and asking for a token then
  // would replace the one this browser's other tabs and service worker are using. The app asks.
  const site = request.headers['sec-fetch-site'];
  const asked = site === 'same-origin' || site === 'none' ? otherRoutes : otherRoutes.filter((route) => route !== antiforgeryTokenRoute);
  const others = await Promise.all(asked.map((route) => ask(app, request, route)));
  return { isSignedIn: true, userRoles, elements: [userInfo, ...others].filter(isJsonSuccess).map(elementOf).join(''), setCookies: others.flatMap((answer) => answer.setCookies) };
}

/**
 * The start-up resources' answers, and those of the page's own first content (by its path), as
 * elements. None of these routes sets a cookie (the session's are settled by user info), so they
 * can follow the page's head. An answer that is not a 200 (a route this user may not call) is left
 * out: the app then asks it itself and meets the refusal.
 */
export async function startupAnswersFor(app: FastifyInstance, request: FastifyRequest, userRoles: readonly string[]): Promise<string> {
  const path = pagePathOf(request.url);
  const routes = [...startupAnswerRoutes, ...((Object.hasOwn(pageOwnAnswerRoutes, path) && pageOwnAnswerRoutes[path]) || [])];
  // Only what the user's roles may call: no refusals asked for (they would read as refused access
  // in a view's request log, admin "who viewed").
  const allowed = routes.filter((route) => route.roles.length === 0 || route.roles.some((role) => userRoles.includes(role)));
  const answers = await Promise.all(allowed.map((route) => ask(app, request, route)));
  return answers.filter(isJsonSuccess).map(elementOf).join('');
}

/** The built page's preload of user info (scripts/preloadHints.plugin.ts), whose answer the page now carries. */
const userInfoPreload = /<link\b[^>]*\bhref="\/api\/user\/info"[^>]*>\s*/;

/**
 * The page with its answers at the end of the body, without the preload of user info (its answer is
 * in the page), as a stream: everything up to the start-up answers goes at once, so the browser
 * fetches the entry's scripts and styles named in the head while the server is still asking for
 * those answers and while they travel.
 */
export function pageWithAnswers(html: string, sessionElements: string, startupElements: Promise<string>, waitMs = answersWaitMs): Readable {
  const page = html.replace(userInfoPreload, '');
  const bodyEnd = page.lastIndexOf('</body>');
  const [before, after] = bodyEnd === -1 ? [page, ''] : [page.slice(0, bodyEnd), page.slice(bodyEnd)];
  // Start-up answers that could not be asked, or not in time, leave the app to ask for them, as without this.
  const rest = withinTime(startupElements.catch(() => ''), waitMs, '');
  return Readable.from(
    (async function* () {
      yield Buffer.from(before + sessionElements);
      yield Buffer.from((await rest) + after);
    })(),
  );
}
