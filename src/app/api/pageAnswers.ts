import { pageAnswerHeadersAttribute, pageAnswerUrlAttribute } from '../../shared/rules/pageAnswerElement';

/**
 * The answers the server put in this page for its start-up and its first content
 * (src/shared/rules/pageAnswerElement.ts):
 * each stands in for the page's first GET of its URL, once, as if the server had just sent it, so
 * a signed-in first load asks nothing before it can paint. An answer leaves the page as it is
 * taken. A resource's answer serves only the first load of a resource this device has no copy of
 * (sync/ensureFresh.ts drops it otherwise); those nothing took go when the start-up is done and
 * the first content has shown (`dropPageAnswers`, startup/startSession.ts), and none is taken later than `answersLifeMs`: they are as old as the page.
 * No DOM (the service worker), nothing to take.
 */

const selector = `script[type="application/json"][${pageAnswerUrlAttribute}]`;

/** How long after the page's navigation its answers may still stand in for a request. */
const answersLifeMs = 30_000;

/** The page's answer elements; none where there is no page (the service worker, a test without one). */
function answerElements(): Element[] {
  const page: Partial<Document> | undefined = globalThis.document;
  return typeof page?.querySelectorAll === 'function' ? [...page.querySelectorAll(selector)] : [];
}

/** Of the page's answer `elements`, those for a GET of `path`. */
function answersAt(elements: readonly Element[], path: string | undefined): Element[] {
  return path === undefined ? [] : elements.filter((element) => element.getAttribute(pageAnswerUrlAttribute) === path);
}

function pathOf(input: RequestInfo | URL): string | undefined {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(href, location.href);
  // Only this origin's own paths: the answers are the page's, and carry no query.
  return url.origin === location.origin && url.search === '' ? url.pathname : undefined;
}

function headersOf(element: Element): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(element.getAttribute(pageAnswerHeadersAttribute) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** The page's answer to this GET, as a Response, if it carries one not yet taken; it is then gone. */
export function takePageAnswer(input: RequestInfo | URL, init?: RequestInit): Response | undefined {
  if ((init?.method ?? 'GET').toUpperCase() !== 'GET') return undefined;
  const elements = answerElements();
  if (elements.length === 0) return undefined;
  // A page whose start-up never ran (a page outside the signed-in area) keeps them no longer than this.
  if (performance.now() > answersLifeMs) {
    dropPageAnswers();
    return undefined;
  }
  const [element] = answersAt(elements, pathOf(input));
  if (!element) return undefined;
  element.remove();
  return new Response(element.textContent, { status: 200, headers: headersOf(element) });
}

/**
 * Drops the page's answer to a GET of `url`, if it carries one: the caller's check must reach the
 * server (a forced reload after a write, a copy already on the device, which may be newer).
 */
export function dropPageAnswer(url: string): void {
  const elements = answerElements();
  if (elements.length === 0) return;
  for (const element of answersAt(elements, pathOf(url))) element.remove();
}

/** Whether the page carries an answer to a GET of `path` not yet taken (without taking it). */
export function carriesPageAnswer(path: string): boolean {
  return answersAt(answerElements(), path).length > 0;
}

/** Drops the answers nothing took: a later GET of theirs must reach the server. */
export function dropPageAnswers(): void {
  for (const element of answerElements()) element.remove();
}
