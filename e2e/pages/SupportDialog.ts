import { expect, type Locator, type Page } from '@playwright/test';

/** The attendance page's 'Request Support' dialog and its success dialog. */
export class SupportDialog {
  readonly open: Locator;
  readonly dialog: Locator;
  readonly details: Locator;
  readonly submit: Locator;
  readonly cooldownNotice: Locator;
  readonly sent: Locator;
  /** Where to get urgent help, shown before anything is sent (issue 31). */
  readonly urgentHelp: Locator;
  /** The student's latest referral: when it was sent and its status. */
  readonly latestStatus: Locator;

  constructor(readonly page: Page) {
    this.open = page.getByRole('button', { name: 'Request Support' });
    this.dialog = page.getByRole('dialog', { name: 'Request Support' });
    this.details = this.dialog.getByRole('textbox', { name: 'Enter Details' });
    this.submit = this.dialog.getByRole('button', { name: 'Submit Request' });
    this.cooldownNotice = this.dialog.getByRole('note').filter({
      hasText: 'You have recently been referred to Student Support. Please wait before submitting another.',
    });
    this.sent = page.getByRole('dialog', { name: 'Request Submitted Successfully' });
    this.urgentHelp = this.dialog.getByRole('complementary', { name: 'Need help urgently?' });
    this.latestStatus = this.dialog.getByTestId('latest-referral');
  }

  async openDialog(): Promise<void> {
    await this.open.click();
    await expect(this.dialog).toBeVisible();
    // The cooldown check has answered once its status line is gone.
    await expect(this.dialog.getByText('Checking your recent requests…')).toBeHidden();
  }
}
