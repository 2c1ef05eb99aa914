import { type Locator, type Page } from '@playwright/test';

/** /user/profile, reached from the avatar in the header. */
export class ProfilePage {
  readonly heading: Locator;
  readonly avatarLink: Locator;
  readonly enrolment: Locator;
  readonly tutor: Locator;
  readonly role: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('main').getByRole('heading', { level: 1, name: 'Profile' });
    this.avatarLink = page.getByRole('banner').getByRole('link', { name: /^Profile:/ });
    this.enrolment = page.getByRole('region', { name: 'Enrolment' });
    this.tutor = page.getByRole('region', { name: 'Personal tutor' });
    this.role = page.getByRole('region', { name: 'Your role' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/user/profile');
  }

  /** The value shown for a labelled fact (a `<dt>`/`<dd>` pair) inside `within`. */
  fact(within: Locator, label: string): Locator {
    return within.locator('div').filter({ has: this.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
  }
}
