import { describe, expect, it } from 'vitest';
import { welcomeWeekRoute } from '../../../../src/shared/contract/content.js';
import { loadConfig } from '../../../../src/server/config.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

describe('GET /api/content/welcomeweek', () => {
  describe('with WELCOME_WEEK_URL', () => {
    const t = useTestApp({ env: { WELCOME_WEEK_URL: 'https://campus.example.ac.uk/welcome-week' } });

    it('returns {url} from WELCOME_WEEK_URL, to any signed-in user', async () => {
      for (const userName of ['student', 'staff']) {
        const response = await t.call(welcomeWeekRoute, { as: await t.signIn(userName) });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ url: 'https://campus.example.ac.uk/welcome-week' });
      }
    });
  });

  describe('without it', () => {
    const t = useTestApp();

    it('returns no url when WELCOME_WEEK_URL is unset, so the client neither caches nor shows it', async () => {
      const response = await t.call(welcomeWeekRoute, { as: await t.signIn('student') });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
    });
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
