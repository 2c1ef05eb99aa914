import type { Locator, Page } from '@playwright/test';

/** The school office's review queue (/staff/absences) and a request's page (/staff/absences/:rowId). */
export class ReviewPages {
  private readonly main: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
  }

  /** The main menu's entry (side menu or bottom bar). */
  menuEntry(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Absence reviews' });
  }

  heading(name: string): Locator {
    return this.main.getByRole('heading', { level: 1, name });
  }

  queueRows(): Locator {
    return this.main.getByRole('table', { name: /Absence requests to review/ }).locator('tbody tr');
  }

  queueRow(rowId: number): Locator {
    return this.main.locator(`tr[data-row="${rowId}"]`);
  }

  async filterByStudent(text: string): Promise<void> {
    const filters = this.main.getByRole('form', { name: 'Filter absence requests' });
    await filters.getByLabel('Student name or id').fill(text);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
  }

  /** A value of the request's facts, by its term ('Category', 'Message to the student'…). */
  fact(term: string): Locator {
    return this.main.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  }

  status(): Locator {
    return this.main.getByTestId('review-status');
  }

  evidenceLink(fileName: string): Locator {
    return this.main.getByRole('link', { name: fileName, exact: true });
  }

  decisionPanel(): Locator {
    return this.main.getByRole('region', { name: 'Decision' });
  }

  message(): Locator {
    return this.decisionPanel().getByRole('textbox', { name: 'Message to the student' });
  }

  decisionButton(label: string): Locator {
    return this.decisionPanel().getByRole('button', { name: label, exact: true });
  }

  async decisionButtons(): Promise<string[]> {
    return this.decisionPanel().getByRole('button').allInnerTexts();
  }
}
