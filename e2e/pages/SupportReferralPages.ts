import { expect, type Locator, type Page } from '@playwright/test';

/** Student Support's referral queue (/staff/referrals) and a referral's page (/staff/referrals/:rowId). */
export class SupportReferralPages {
  private readonly main: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
  }

  /** The main menu's entry (side menu or bottom bar). */
  menuEntry(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Student support' });
  }

  heading(name: string): Locator {
    return this.main.getByRole('heading', { level: 1, name });
  }

  /** The home page's count of new referrals. */
  homeCount(): Locator {
    return this.main.getByTestId('new-referral-count');
  }

  queueRow(rowId: number): Locator {
    return this.main.locator(`tr[data-row="${rowId}"]`);
  }

  openLink(rowId: number): Locator {
    return this.queueRow(rowId).getByRole('link', { name: /^Open the referral of/ });
  }

  async filterByStudent(text: string): Promise<void> {
    const filters = this.main.getByRole('form', { name: 'Filter referrals' });
    await filters.getByLabel('Student name or id').fill(text);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
  }

  status(): Locator {
    return this.main.getByTestId('referral-status');
  }

  caseNotes(): Locator {
    return this.main.getByRole('region', { name: 'Case notes' });
  }

  /**
   * Sets the status, writes the case note, saves, and waits until the save is over: the form says
   * it saved and its button is back. The page's status can show the new value a render before the
   * button leaves "Saving…"; an axe check made in between caught the button part way through its
   * colour transition back from the disabled look (white on #b8c3e5).
   */
  async update(status: 'New' | 'Contacted' | 'Closed', note: string): Promise<void> {
    const form = this.main.getByRole('region', { name: 'Update the case' });
    await form.getByLabel('Status').selectOption(status);
    await form.getByLabel('Case note').fill(note);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form.getByRole('status')).toHaveText(/^Saved: the referral is now /);
    await expect(form.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  }
}
