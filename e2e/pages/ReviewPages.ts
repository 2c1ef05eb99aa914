import type { Locator, Page } from '@playwright/test';

/** The school office's review queue (/staff/absences) and a request's page (/staff/absences/:rowId). */
export class ReviewPages {
  private readonly mainRegion: Locator;

  constructor(readonly page: Page) {
    this.mainRegion = page.getByRole('main');
  }

  main(): Locator {
    return this.mainRegion;
  }

  /** The main menu's entry (side menu or bottom bar). */
  menuEntry(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Absence reviews' });
  }

  heading(name: string): Locator {
    return this.mainRegion.getByRole('heading', { level: 1, name });
  }

  queueRows(): Locator {
    return this.mainRegion.getByRole('table', { name: /Absence requests to review/ }).locator('tbody tr');
  }

  queueRow(rowId: number): Locator {
    return this.mainRegion.locator(`tr[data-row="${rowId}"]`);
  }

  async filterByStudent(text: string): Promise<void> {
    const filters = this.mainRegion.getByRole('form', { name: 'Filter absence requests' });
    await filters.getByLabel('Student name or id').fill(text);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
  }

  /** A value of the request's facts, by its term ('Category', 'Message to the student'…). */
  fact(term: string): Locator {
    return this.mainRegion.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  }

  status(): Locator {
    return this.mainRegion.getByTestId('review-status');
  }

  evidenceLink(fileName: string): Locator {
    return this.mainRegion.getByRole('link', { name: fileName, exact: true });
  }

  decisionPanel(): Locator {
    return this.mainRegion.getByRole('region', { name: 'Decision' });
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

  /** The queue's filter form (on a phone, folded behind `filtersButton`). */
  filterForm(): Locator {
    return this.mainRegion.getByRole('form', { name: 'Filter absence requests' });
  }

  /** The phone's one 'Filters (n)' control. */
  filtersButton(): Locator {
    return this.mainRegion.getByRole('button', { name: /^Filters \(\d+\)$/ });
  }

  /** The toast that says what was decided, with its Undo. */
  decisionToast(): Locator {
    return this.page.locator('.toast').filter({ has: this.page.getByRole('button', { name: 'Undo' }) });
  }

  /** Closes every toast showing (on a phone they lie over the bottom of the page). */
  async dismissToasts(): Promise<void> {
    const dismiss = this.page.locator('.toast').getByRole('button', { name: 'Dismiss' });
    while ((await dismiss.count()) > 0) await dismiss.first().click();
  }

  nextRequest(): Locator {
    return this.mainRegion.getByRole('region', { name: 'Next request' });
  }
}
