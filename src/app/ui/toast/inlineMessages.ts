/** Where a page or dialog shows a message in place: notes, alerts, status lines and callouts. */
const inlineMessageSelector = '[role="note"], [role="alert"], [role="status"], .callout';

const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * Whether `text` is already on screen in an inline message outside the toaster (e.g. the referral
 * dialog's cooldown note): the toast would only repeat it, and cover the page to do so.
 */
export function isShownInline(text: string, root: ParentNode = document): boolean {
  const wanted = normalise(text);
  if (wanted === '') return false;
  return [...root.querySelectorAll(inlineMessageSelector)].some(
    (element) =>
      !element.closest('.toaster') &&
      element.getClientRects().length > 0 &&
      normalise(element.textContent ?? '').includes(wanted),
  );
}
