import type { BrowserContext, Page, Response } from '@playwright/test';
import { pageAnswerUrlAttribute } from '../../src/shared/rules/pageAnswerElement';

/** The page answers of a signed-in page load (src/server/http/pageAnswers.ts), as elements of its HTML. */
const answerElements = new RegExp(`<script type="application/json" ${pageAnswerUrlAttribute}="[^"]*"[^>]*>[\\s\\S]*?</script>`, 'g');

/** Whether a page's HTML carried the answer to GET `path`. */
export function carriesAnswer(html: string, path: string): boolean {
  return html.includes(`${pageAnswerUrlAttribute}="${path}"`);
}

/** Resolves with the response of the next page load of `pathname` in the page's main frame. */
export function nextPageLoad(page: Page, pathname: string): Promise<Response> {
  return page.waitForResponse((response) => {
    const request = response.request();
    return request.isNavigationRequest() && request.frame() === page.mainFrame() && new URL(response.url()).pathname === pathname;
  });
}

/**
 * Resolves once the page has no answer to GET `path` left: the app took it (its load has started)
 * or dropped it with the others when its start-up was done.
 */
export async function untilAnswerTaken(page: Page, path: string): Promise<void> {
  await page.waitForFunction((selector) => document.querySelector(selector) === null, `script[${pageAnswerUrlAttribute}="${path}"]`);
}

/**
 * Serves the context's pages without the answers the server puts in them, as the service worker's
 * precached shell is served on later visits: the app's start-up then asks the network for each,
 * which a test can hold back or fail.
 */
export async function servePagesWithoutAnswers(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = await response.text();
      return route.fulfill({ response, body: html.replace(answerElements, '') });
    },
  );
}
