import { expect, type Locator, type Page } from '@playwright/test';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** /resources: favourites, popular links, every link (by category or A to Z) and, for students, trending. */
export class ResourcesPage {
  readonly allResources: Locator;
  readonly favourites: Locator;
  readonly trending: Locator;
  readonly trendingHeading: Locator;
  readonly search: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.allResources = main.getByRole('region', { name: 'All resources' });
    this.favourites = main.getByRole('region', { name: 'Favourites' });
    this.trending = main.getByRole('region', { name: 'Trending' });
    this.trendingHeading = main.getByRole('heading', { name: 'Trending' });
    this.search = main.getByRole('searchbox', { name: 'Search resources' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/resources');
    await expect(this.page.getByRole('main').getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
    await expect(this.allResources.getByRole('link').first()).toBeVisible();
  }

  /** The link's row in the full list: its link, pending mark and favourite toggle. */
  row(name: string, within: Locator = this.allResources): Locator {
    return within.getByRole('listitem').filter({ has: this.page.getByRole('link', { name: new RegExp(`^${escape(name)}\\b`) }) });
  }

  toggle(name: string, within: Locator = this.allResources): Locator {
    return within.getByRole('button', { name: `Add ${name} to favourites`, exact: true });
  }

  /** Presses the star and waits until it shows the new state. */
  async setFavourite(name: string, isFavourite: boolean): Promise<void> {
    const toggle = this.toggle(name);
    await expect(toggle).toHaveAttribute('aria-pressed', String(!isFavourite));
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', String(isFavourite));
  }

  favouriteLink(name: string): Locator {
    return this.favourites.getByRole('link', { name: new RegExp(`^${escape(name)}\\b`) });
  }

  toastAction(label: string): Locator {
    return this.page.getByRole('region', { name: 'Messages' }).getByRole('button', { name: label });
  }
}
