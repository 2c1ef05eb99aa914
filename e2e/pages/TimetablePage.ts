import { expect, type Locator, type Page } from '@playwright/test';

/** /timetable: one week of classes grouped by day, the countdowns and the iCal panel. */
export class TimetablePage {
  readonly heading: Locator;
  readonly days: Locator;
  readonly events: Locator;
  readonly countdowns: Locator;
  readonly registerButtons: Locator;
  readonly updatedAt: Locator;
  readonly feedUrl: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Timetable' });
    this.days = page.locator('section.day');
    this.events = page.locator('li.event');
    this.countdowns = page.locator('.registration__countdown');
    this.registerButtons = page.getByRole('button', { name: /^Register attendance/ });
    this.updatedAt = page.getByText(/Updated \d{2}:\d{2}/).first();
    this.feedUrl = page.getByLabel('Calendar feed URL');
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/timetable${query}`);
    await expect(this.heading).toBeVisible();
  }

  /** The DD-MM-YYYY keys of the days shown, in order. */
  async dayKeys(): Promise<string[]> {
    await expect(this.days.first()).toBeVisible();
    return this.days.evaluateAll((sections) => sections.map((section) => section.getAttribute('data-day') ?? ''));
  }

  day(key: string): Locator {
    return this.page.locator(`section.day[data-day="${key}"]`);
  }

  /** The map links of the rooms shown. */
  roomLinks(): Locator {
    return this.page.locator('li.event a[href^="/timetable/map/"]');
  }
}
