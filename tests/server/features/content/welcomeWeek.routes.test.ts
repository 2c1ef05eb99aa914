import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/server/config.js';
import { createTestApp, signIn } from '../../../helpers/testApp.js';

const URL = '/api/content/welcomeweek';

describe('GET /api/content/welcomeweek', () => {
  it('returns {url} from WELCOME_WEEK_URL, to any signed-in user', async () => {
    const t = await createTestApp({ WELCOME_WEEK_URL: 'https://campus.example.ac.uk/welcome-week' });
    try {
      for (const userName of ['student', 'staff']) {
        const response = await t.app.inject({ method: 'GET', url: URL, headers: (await signIn(t.app, userName)).headers() });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ url: 'https://campus.example.ac.uk/welcome-week' });
      }
    } finally {
      await t.close();
    }
  });

  it('returns no url when WELCOME_WEEK_URL is unset, so the client neither caches nor shows it', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: URL, headers: (await signIn(t.app, 'student')).headers() });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
    } finally {
      await t.close();
    }
  });

  it('refuses a WELCOME_WEEK_URL or TRENDING_WORDPRESS_URL that is not an http(s) URL at start-up', () => {
    expect(() => loadConfig({ WELCOME_WEEK_URL: 'javascript:alert(1)' })).toThrow('WELCOME_WEEK_URL must be an http(s) URL, got "javascript:alert(1)"');
    expect(() => loadConfig({ TRENDING_WORDPRESS_URL: 'news.example.ac.uk' })).toThrow(/TRENDING_WORDPRESS_URL must be an http\(s\) URL/);
    expect(loadConfig({ WELCOME_WEEK_URL: ' ', TRENDING_WORDPRESS_URL: 'https://news.example.ac.uk/' })).toMatchObject({
      welcomeWeekUrl: undefined,
      trendingWordpressUrl: 'https://news.example.ac.uk',
      trendingWordpressTimeoutMs: 3000,
      trendingCacheSeconds: 300,
    });
  });
});
