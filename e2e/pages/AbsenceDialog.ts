import type { Locator, Page } from '@playwright/test';

/**
 * The absence request dialog (SPEC §2), opened from /attendance/current. Shared by the specs of the
 * absence flow and of its form fields (e2e/absenceFields.spec.ts). On a wide screen it is a centred
 * modal dialog, on a phone a bottom sheet with a drag handle; both are role 'dialog' named by the title.
 */
export class AbsenceDialog {
  readonly dialog: Locator;
  readonly startDate: Locator;
  readonly startTime: Locator;
  readonly endDate: Locator;
  readonly endTime: Locator;
  readonly allDay: Locator;
  readonly reason: Locator;
  readonly additionalInformation: Locator;
  /** The `<input type=file multiple>` of the uploader (accepts `setInputFiles`). */
  readonly supportingFiles: Locator;
  /** The bottom sheet's drag handle (phone-sized screens only). */
  readonly dragHandle: Locator;

  /** `title` names the dialog: the create and the edit dialog have different titles. */
  constructor(
    readonly page: Page,
    title: string | RegExp = /absence/i,
  ) {
    this.dialog = page.getByRole('dialog', { name: title });
    this.startDate = this.dialog.getByLabel('Start date', { exact: true });
    this.startTime = this.dialog.getByLabel('Start time', { exact: true });
    this.endDate = this.dialog.getByLabel('End date', { exact: true });
    this.endTime = this.dialog.getByLabel('End time', { exact: true });
    this.allDay = this.dialog.getByLabel('All day', { exact: true });
    this.reason = this.dialog.getByLabel('Reason', { exact: true });
    this.additionalInformation = this.dialog.getByLabel('Additional information', { exact: true });
    this.supportingFiles = this.dialog.locator('input[type="file"]');
    this.dragHandle = this.dialog.getByTestId('sheet-handle');
  }

  /** The button that opens the popup calendar of a date field (desktop), by the field's label. */
  calendarButton(fieldLabel: string): Locator {
    return this.dialog.getByRole('button', { name: `Choose ${fieldLabel}` });
  }

  /** The popup calendar of a date field, once open (desktop). */
  calendarPopup(fieldLabel: string): Locator {
    return this.page.getByRole('dialog', { name: `${fieldLabel} calendar` });
  }

  /** The uploader's list of files already sent and files waiting to be sent. */
  fileList(): Locator {
    return this.dialog.getByRole('list', { name: /Supporting files/ });
  }

  // The absence flow (e2e/absences.spec.ts).

  /** 'Submit Absence Request' (create) or 'Update' (edit). */
  submitButton(): Locator {
    return this.dialog.getByRole('button', { name: /^(Submit Absence Request|Update)$/ });
  }

  /** The form's 'Withdraw' button, and the confirmation's. */
  withdrawButton(): Locator {
    return this.dialog.getByRole('button', { name: 'Withdraw', exact: true });
  }

  withdrawConfirmation(): Locator {
    return this.dialog.getByRole('heading', { name: 'Withdraw Absence Request' });
  }

  /** SPEC §2 red box 'Error processing absence'. */
  errorBox(): Locator {
    return this.dialog.getByRole('alert').filter({ hasText: 'Error processing absence' });
  }

  /** The read-only notice (SPEC §2). */
  readOnlyNotice(): Locator {
    return this.dialog.getByRole('note').filter({ hasText: 'read-only mode' });
  }

  /** The clash warning, once the server found classes the range cuts through. */
  clashWarning(): Locator {
    return this.dialog.getByText('Your absence starts or ends partway through a class');
  }

  /** Types a date (YYYY-MM-DD) into a desktop date field as DD/MM/YYYY and leaves the field. */
  async setDate(field: Locator, isoDate: string): Promise<void> {
    const [year, month, day] = isoDate.split('-');
    await field.fill(`${day}/${month}/${year}`);
    await field.press('Tab');
  }

  /** Types a time (HH:mm) into a desktop time field and leaves the field. */
  async setTime(field: Locator, time: string): Promise<void> {
    await field.fill(time);
    await field.press('Tab');
  }

  async chooseReason(name: string): Promise<void> {
    await this.reason.selectOption({ label: name });
  }

  /** Adds files to the uploader, e.g. `{ name: 'note.pdf', mimeType: 'application/pdf', buffer }`. */
  async addFiles(files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
    await this.supportingFiles.setInputFiles(files);
  }
}
