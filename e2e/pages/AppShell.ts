import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in frame: header, main menu (side menu or bottom bar) and the page's main region. */
export class AppShell {
  readonly menu: Locator;
  readonly main: Locator;
  readonly header: Locator;
  /** The header's connectivity signal while it says something: 'Offline' or 'Server unreachable' (and any writes waiting). */
  readonly connectivity: Locator;
  /** The header's service status button while it waits for the feed's first list (a grey tick). */
  readonly serviceStatusChecking: Locator;

  constructor(readonly page: Page) {
    this.menu = page.getByRole('navigation', { name: 'Main' });
    this.main = page.getByRole('main');
    this.header = page.getByRole('banner');
    this.connectivity = this.header.getByRole('status').filter({ hasText: /Offline|Server unreachable/ });
    this.serviceStatusChecking = this.header.getByRole('button', { name: 'Service status: Checking…' });
  }

  /** The labels of the menu links a user can see right now, in order. */
  async visibleMenuLabels(): Promise<string[]> {
    await expect(this.menu).toBeVisible();
    const links = this.menu.getByRole('link');
    const labels: string[] = [];
    for (const link of await links.all()) {
      if (await link.isVisible()) labels.push((await link.innerText()).trim());
    }
    return labels;
  }

  menuLink(label: string): Locator {
    return this.menu.getByRole('link', { name: label, exact: true });
  }

  /** The page's own heading. */
  heading(name: string): Locator {
    return this.main.getByRole('heading', { level: 1, name });
  }

  async open(label: string): Promise<void> {
    await this.menuLink(label).click();
    await expect(this.menuLink(label)).toHaveAttribute('aria-current', 'page');
  }

  /** The menu sits at the bottom of a phone's screen. */
  async expectBottomBar(): Promise<void> {
    const box = await this.menu.boundingBox();
    const viewport = this.page.viewportSize();
    expect(box && viewport && Math.round(box.y + box.height)).toBe(viewport?.height);
  }
}
