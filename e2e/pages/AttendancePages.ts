import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { AttendanceAnalysis, AttendanceTally } from '../../src/shared/contract/attendance';

/** The tally columns as the tables show them (features/attendance/attendanceView.ts). */
const tallyColumns: readonly (keyof AttendanceTally)[] = [
  'total', 'attended', 'assumedAttended', 'absent', 'informedAbsent', 'authorisedAbsent', 'cancelled', 'monitored',
];

/** How the pages write a percentage. */
export function percentageText(percentage: number | null): string {
  if (percentage === null) return 'No attendance yet';
  return `${Number.isInteger(percentage) ? percentage : percentage.toFixed(1)}%`;
}

/** /attendance/current and /attendance/previous. */
export class AttendancePages {
  readonly percentage: Locator;
  readonly trend: Locator;
  readonly checkConnection: Locator;
  readonly networkStatus: Locator;
  readonly refresh: Locator;

  constructor(readonly page: Page) {
    this.percentage = page.getByTestId('attendance-percentage');
    this.trend = page.getByTestId('attendance-trend');
    this.checkConnection = page.getByRole('button', { name: 'Check my connection' });
    this.networkStatus = page.locator('.network-check__status[role="status"]');
    this.refresh = page.getByRole('button', { name: 'Refresh' });
  }

  async gotoCurrent(): Promise<void> {
    await this.page.goto('/attendance/current');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Attendance this year' })).toBeVisible();
  }

  async gotoPrevious(): Promise<void> {
    await this.page.goto('/attendance/previous');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Attendance in previous years' })).toBeVisible();
  }

  /** The toggle of a collapsible section (its level-2 heading's button), by its title. */
  sectionToggle(title: string): Locator {
    return this.page.getByRole('heading', { level: 2 }).getByRole('button').filter({ has: this.page.getByText(title, { exact: true }) });
  }

  /** The toggle of one module's part of 'Your classes' (its level-3 heading's button), by '{code} {name}'. */
  moduleToggle(title: string): Locator {
    return this.page.getByRole('heading', { level: 3 }).getByRole('button').filter({ has: this.page.getByText(title, { exact: true }) });
  }

  /** Opens a collapsible section unless it is open already (the pages remember it per device). */
  async openSection(title: string): Promise<void> {
    const toggle = this.sectionToggle(title);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }

  /** 'Request an absence', which opens the absence dialog in create mode. */
  requestAbsenceButton(): Locator {
    return this.page.getByRole('button', { name: 'Request an absence' });
  }

  /** The absences table (SPEC §2). */
  absencesTable(): Locator {
    return this.page.getByRole('table', { name: 'Your absence requests' });
  }

  /** The absences table's row of one request. */
  absenceRow(rowId: number): Locator {
    return this.absencesTable().locator(`tr[data-row="${rowId}"]`);
  }

  /** Opens one request in the dialog (edit mode). */
  async openAbsence(rowId: number): Promise<void> {
    await this.absenceRow(rowId).getByRole('button', { name: /^Open/ }).click();
  }

  /** A tally table's rows, by its caption. */
  tallyTable(caption: string): Locator {
    return this.page.getByRole('table', { name: caption, exact: true });
  }

  /** Expects the row for `rowId` of a tally table to show `tally` and `percentage`. */
  async expectTallyRow(caption: string, rowId: string, tally: AttendanceTally, percentage: number | null): Promise<void> {
    const cells = this.tallyTable(caption).locator(`tr[data-row="${rowId}"] td`);
    await expect(cells).toHaveText([...tallyColumns.map((key) => String(tally[key])), percentageText(percentage)]);
  }
}

/** GET /api/attendance/analysis as the signed-in page's user. */
export async function fetchAnalysis(request: APIRequestContext): Promise<AttendanceAnalysis> {
  const response = await request.get('/api/attendance/analysis');
  expect(response.status()).toBe(200);
  return (await response.json()) as AttendanceAnalysis;
}
