import { type Locator, type Page } from '@playwright/test';

/** The feedback prompt on /home and the form at /user/settings/feedback. */
export class FeedbackPages {
  readonly prompt: Locator;
  readonly giveFeedback: Locator;
  readonly notNow: Locator;
  readonly form: {
    readonly heading: Locator;
    readonly topic: Locator;
    readonly comments: Locator;
    readonly send: Locator;
    readonly thanks: Locator;
    readonly queued: Locator;
  };

  constructor(readonly page: Page) {
    this.prompt = page.getByRole('region', { name: 'How are we doing?' });
    this.giveFeedback = this.prompt.getByRole('link', { name: 'Give feedback' });
    this.notNow = this.prompt.getByRole('button', { name: 'Not now' });
    const main = page.getByRole('main');
    this.form = {
      heading: main.getByRole('heading', { level: 1, name: 'Feedback' }),
      topic: main.getByLabel('Topic (optional)'),
      comments: main.getByLabel('Comments (optional)'),
      send: main.getByRole('button', { name: 'Send feedback' }),
      thanks: main.getByText('Thank you for your feedback.'),
      queued: main.getByText('Your feedback is saved on this device and will be sent when you are back online.'),
    };
  }

  rating(value: number): Locator {
    return this.page.getByRole('main').getByRole('radio', { name: new RegExp(`^${value} – `) });
  }

  async gotoForm(): Promise<void> {
    await this.page.goto('/user/settings/feedback');
  }
}
