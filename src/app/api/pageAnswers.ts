import { pageAnswerHeadersAttribute, pageAnswerUrlAttribute } from '../../shared/rules/pageAnswerElement';

/**
 * The answers the server put in this page for its start-up (src/shared/rules/pageAnswerElement.ts):
 * each stands in for the page's first GET of its URL, once, as if the server had just sent it, so
 * a signed-in first load asks nothing before it can paint. An answer leaves the page as it is
 * taken; those nothing took go when the start-up is done (`dropPageAnswers`), since they are as
 * old as the page. No DOM (the service worker), nothing to take.
 */

const selector = `script[type="application/json"][${pageAnswerUrlAttribute}]`;

function pathOf(input: RequestInfo | URL): string | undefined {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(href, document.baseURI);
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
  if (typeof document === 'undefined' || (init?.method ?? 'GET').toUpperCase() !== 'GET') return undefined;
  const path = pathOf(input);
  if (path === undefined) return undefined;
  const element = [...document.querySelectorAll(selector)].find((candidate) => candidate.getAttribute(pageAnswerUrlAttribute) === path);
  if (!element) return undefined;
  element.remove();
  return new Response(element.textContent, { status: 200, headers: headersOf(element) });
}

/** Drops the answers nothing took: a later GET of theirs must reach the server. */
export function dropPageAnswers(): void {
  if (typeof document === 'undefined') return;
  for (const element of document.querySelectorAll(selector)) element.remove();
}
