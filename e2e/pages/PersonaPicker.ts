import { expect, type Locator, type Page } from '@playwright/test';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The server's demo sign-in page (/api/user/signin in demo mode): one button per persona. */
export class PersonaPicker {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
  }

  /**
   * The persona's button, named 'Sign in as {userName} {who}'. The user name must be followed by
   * a space or the end, so 'student' is neither 'student2' nor 'student.unknown'.
   */
  personaButton(userName: string): Locator {
    const name = new RegExp(`^Sign in as ${escapeRegExp(userName)}(?=\\s|$)`);
    return this.page.getByRole('button', { name });
  }

  async choose(userName: string): Promise<void> {
    const button = this.personaButton(userName);
    await expect(button).toHaveCount(1);
    await button.click();
  }
}
