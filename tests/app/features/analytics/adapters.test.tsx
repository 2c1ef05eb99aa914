import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserAnalytics } from '../../../../src/shared/contract/user';
import { loadAnalyticsAdapter } from '../../../../src/app/features/analytics/adapters/adapter';
import { denyConsent } from '../../../../src/app/features/analytics/analytics';
import { removeAnalyticsScripts } from '../../../../src/app/features/analytics/dataLayer';

// Adapters in a DOM (happy-dom): what each puts into the page, in which order.

const data: UserAnalytics = {
  uuid: 'a1b2c3',
  isStaff: false,
  staffJobFamily: null,
  isStudent: true,
  isStudentVisaHolder: false,
  studyLevel: 'Undergraduate Year 2',
  programme: 'BSc Computer Science',
  school: 'Computing',
};

const scripts = () => [...document.querySelectorAll('script[data-analytics]')].map((script) => script.getAttribute('src'));

afterEach(() => {
  removeAnalyticsScripts();
});

describe('analytics adapters', () => {
  it('GA4: every consent signal is denied in the data layer before gtag.js is added, then analytics alone is granted', async () => {
    const adapter = await loadAnalyticsAdapter({ provider: 'ga4', measurementId: 'G-TEST123' });
    const appended: unknown[][] = [];
    const observer = new MutationObserver(() => appended.push((window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>))));
    observer.observe(document.head, { childList: true });
    adapter?.start(data);
    await Promise.resolve();
    observer.disconnect();
    const layer = (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(layer[0]).toEqual(['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }]);
    expect(layer[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    expect(layer.at(-1)).toEqual(['config', 'G-TEST123']);
    expect(scripts()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST123']);
    // The tag went in only after the denied default was in the data layer.
    expect(appended[0]?.[0]).toEqual(layer[0]);
  });

  it('Matomo: site, pseudonymous user id, then the page view; Plausible and Umami: their script with the site', async () => {
    (await loadAnalyticsAdapter({ provider: 'matomo', baseUrl: 'https://stats.example.ac.uk/', siteId: '7' }))?.start(data);
    expect(window._paq).toEqual([
      ['setTrackerUrl', 'https://stats.example.ac.uk/matomo.php'],
      ['setSiteId', '7'],
      ['setUserId', 'a1b2c3'],
      ['trackPageView'],
      ['enableLinkTracking'],
    ]);
    (await loadAnalyticsAdapter({ provider: 'plausible', scriptUrl: 'https://plausible.io/js/script.js', domain: 'campus.example.ac.uk' }))?.start(data);
    (await loadAnalyticsAdapter({ provider: 'umami', scriptUrl: 'https://cloud.umami.is/script.js', websiteId: 'w-1' }))?.start(data);
    expect(scripts()).toEqual(['https://stats.example.ac.uk/matomo.js', 'https://plausible.io/js/script.js', 'https://cloud.umami.is/script.js']);
    expect(document.querySelector('script[data-domain="campus.example.ac.uk"]')).not.toBeNull();
    expect(document.querySelector('script[data-website-id="w-1"]')).not.toBeNull();
    expect(await loadAnalyticsAdapter({ provider: 'none' })).toBeUndefined();
  });

  it('a denial takes the scripts, the globals and the analytics cookies out, stores denied and reloads', async () => {
    (await loadAnalyticsAdapter({ provider: 'ga4', measurementId: 'G-TEST123' }))?.start(data);
    document.cookie = '_ga=GA1.1.1; Path=/';
    document.cookie = 'keep=1; Path=/';
    const reload = vi.fn();
    denyConsent({ reload });
    expect(scripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
    expect(window.gtag).toBeUndefined();
    expect(document.cookie).not.toMatch(/_ga=/);
    expect(document.cookie).toMatch(/keep=1/);
    expect(document.cookie).toMatch(/AnalyticsConsent=denied/);
    expect(reload).toHaveBeenCalledOnce();
  });
});
