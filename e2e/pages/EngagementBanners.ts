import type { Locator, Page } from '@playwright/test';

/** The first-run banners of the signed-in area: analytics consent, tour prompt, install banner. */
export class EngagementBanners {
  readonly consent: Locator;
  readonly tourPrompt: Locator;
  readonly install: Locator;

  constructor(readonly page: Page) {
    this.consent = page.getByRole('region', { name: 'Can we measure how the app is used?' });
    this.tourPrompt = page.getByRole('region', { name: 'New here? Take a quick tour' });
    this.install = page.getByRole('region', { name: 'Install Campus Companion' });
  }

  button(banner: Locator, name: string): Locator {
    return banner.getByRole('button', { name, exact: true });
  }
}
