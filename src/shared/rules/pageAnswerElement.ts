/**
 * Answers carried in the page (issue 35, candidate 1): a signed-in browser's first load of a page
 * receives, inside the HTML, the answers the app would ask for first, so its start-up makes no
 * round trip before it can paint. Each answer is a `<script type="application/json">` element (a
 * data block: never run, so the Content-Security-Policy has nothing to allow) whose text is the
 * answer's JSON body and whose attributes give its URL and the headers the client reads. The app
 * takes each one in place of its first GET of that URL (src/app/api/pageAnswers.ts).
 */

/** The attribute naming the answer's URL (its path; none of these routes takes a query). */
export const pageAnswerUrlAttribute = 'data-page-answer';

/** The attribute holding the answer's headers, a JSON object of lower-case names. */
export const pageAnswerHeadersAttribute = 'data-headers';

