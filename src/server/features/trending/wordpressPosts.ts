import { z } from 'zod/mini';
import { BodyTooLargeError, readBoundedText } from './boundedBody.js';
import { excerptToSummary, htmlToText } from './htmlText.js';
import { TRENDING_LIMIT, TrendingSourceError, webUrlOrNull, type Logger } from './trendingSource.js';

/** The fields we read of a post of the WordPress REST API (`/wp-json/wp/v2/posts?_embed`). */
const rendered = z.object({ rendered: z.string() });
const postSchema = z.object({
  id: z.int().check(z.positive()),
  date_gmt: z.optional(z.nullable(z.string())),
  link: z.string(),
  title: rendered,
  excerpt: z.optional(rendered),
  _embedded: z.optional(
    z.object({
      // An entry may be an error object (media not public): then it has no source_url.
      'wp:featuredmedia': z.optional(z.array(z.object({ source_url: z.optional(z.string()) }))),
    }),
  ),
});
const postsSchema = z.array(postSchema);
type WordpressPost = z.infer<typeof postSchema>;

export interface ExternalPost {
  readonly externalId: string;
  readonly title: string;
  readonly summary: string | null;
  readonly image: string | null;
  readonly url: string;
  readonly publishedAt: Date;
}

export const postsUrl = (siteUrl: string): string => `${siteUrl}/wp-json/wp/v2/posts?per_page=${TRENDING_LIMIT}&_embed`;

/** WordPress gives date_gmt without a zone; it is UTC. A post without one counts as published `now`. */
function publishedAt(post: WordpressPost, now: Date): Date {
  const date = post.date_gmt ? new Date(`${post.date_gmt}Z`) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : now;
}

function toExternalPost(post: WordpressPost, now: Date): ExternalPost | undefined {
  const url = webUrlOrNull(post.link);
  if (!url) return undefined;
  return {
    externalId: String(post.id),
    title: htmlToText(post.title.rendered),
    summary: post.excerpt ? excerptToSummary(post.excerpt.rendered) : null,
    image: webUrlOrNull(post._embedded?.['wp:featuredmedia']?.[0]?.source_url),
    url,
    publishedAt: publishedAt(post, now),
  };
}

/**
 * The most of a WordPress answer that is read: ten posts with their excerpts and embedded media
 * are some tens of kB; a bigger answer is a misconfigured or hostile site, and reading it whole
 * once took an instance from 287 MB to 1.5 GB of memory.
 */
export const MAX_WORDPRESS_BYTES = 2 * 1024 * 1024;

const isTimeout = (error: unknown): boolean => error instanceof DOMException && error.name === 'TimeoutError';

/** Redirects followed within the site's own origin (a moved path, http to https is another origin). */
export const MAX_WORDPRESS_REDIRECTS = 3;

/**
 * The answer of the site, following a redirect only within its own origin: a redirect elsewhere
 * (another host, port or scheme) is refused, so the app never fetches an address the operator did
 * not configure.
 */
async function fetchWithinOrigin(url: string, signal: AbortSignal, timeoutMs: number): Promise<Response> {
  let address = new URL(url);
  for (let hops = 0; ; hops += 1) {
    let response: Response;
    try {
      response = await fetch(address, { headers: { accept: 'application/json' }, redirect: 'manual', signal });
    } catch (error) {
      throw new TrendingSourceError(isTimeout(error) ? 'timeout' : 'unreachable', isTimeout(error) ? `no answer within ${timeoutMs} ms` : 'request failed', { cause: error });
    }
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    if (location === null) return response;
    await response.body?.cancel().catch(() => undefined);
    const next = URL.canParse(location, address) ? new URL(location, address) : undefined;
    if (!next || next.origin !== address.origin) throw new TrendingSourceError('redirect', `redirected to another origin (${next?.origin ?? 'an unreadable address'}); not followed`);
    if (hops >= MAX_WORDPRESS_REDIRECTS) throw new TrendingSourceError('redirect', `redirected more than ${MAX_WORDPRESS_REDIRECTS} times`);
    address = next;
  }
}

async function getJson(url: string, timeoutMs: number): Promise<unknown> {
  const response = await fetchWithinOrigin(url, AbortSignal.timeout(timeoutMs), timeoutMs);
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new TrendingSourceError('http', `answered HTTP ${response.status}`);
  }
  let text: string;
  try {
    text = await readBoundedText(response, MAX_WORDPRESS_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new TrendingSourceError('too-large', `answer ${error.message}; the read was stopped`);
    // The timeout also covers a body that stops arriving.
    if (isTimeout(error)) throw new TrendingSourceError('timeout', `body not complete within ${timeoutMs} ms`, { cause: error });
    throw new TrendingSourceError('unreachable', 'the answer broke off', { cause: error });
  }
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch (error) {
    throw new TrendingSourceError('not-json', 'answered something that is not JSON', { cause: error });
  }
}

/** The latest posts of a WordPress site, as plain-text items; throws a TrendingSourceError on any failure. */
export async function fetchWordpressPosts(siteUrl: string, timeoutMs: number, log: Logger, now: Date): Promise<ExternalPost[]> {
  const body = await getJson(postsUrl(siteUrl), timeoutMs);
  const parsed = z.safeParse(postsSchema, body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TrendingSourceError('shape', `answered an unexpected shape${issue ? ` at ${issue.path.join('.') || 'the top'}: ${issue.message}` : ''}`);
  }
  const posts: ExternalPost[] = [];
  const seen = new Set<string>();
  for (const post of parsed.data) {
    const item = toExternalPost(post, now);
    if (!item) log.warn({ source: 'wordpress', postId: post.id }, 'WordPress post skipped: its link is not an http(s) URL');
    else if (!seen.has(item.externalId)) {
      seen.add(item.externalId);
      posts.push(item);
    }
  }
  return posts;
}
