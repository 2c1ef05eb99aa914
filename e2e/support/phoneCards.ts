import { expect, type Locator } from '@playwright/test';

interface CardLook {
  readonly display: string;
  readonly border: string;
  readonly right: number;
  /** Each shown `td[data-label]`: its label, and what its `::before` writes above the value. */
  readonly cells: readonly { readonly label: string | null; readonly before: string }[];
}

/**
 * Holds a ResponsiveTable (ui/table/ResponsiveTable.tsx) to its phone layout, below 48rem: every
 * body row is a bordered card inside the table's region, each of its labelled cells shows its
 * column's name above its value, and every card has the cells named in `labels` (an empty cell is
 * left out of its card). A table without sort buttons hides its headings (a screen
 * reader still has them).
 */
export async function expectCards(table: Locator, labels: readonly string[]): Promise<void> {
  const rows = table.locator(':scope > tbody > tr');
  await expect(rows.first()).toBeVisible();
  const region = await table.locator('xpath=..').boundingBox();
  if (!region) throw new Error('the table has no region box');
  if ((await table.locator('thead button').count()) === 0) {
    const head = await table.locator('thead').boundingBox();
    expect(head?.width ?? 0, 'the headings are hidden on a phone').toBeLessThanOrEqual(1);
  }
  const cards: CardLook[] = await rows.evaluateAll((elements) =>
    elements.map((row) => ({
      display: getComputedStyle(row).display,
      border: getComputedStyle(row).borderTopWidth,
      right: row.getBoundingClientRect().right,
      cells: [...row.querySelectorAll(':scope > td[data-label]')]
        .filter((cell) => getComputedStyle(cell).display !== 'none')
        .map((cell) => ({ label: cell.getAttribute('data-label'), before: getComputedStyle(cell, '::before').content })),
    })),
  );
  for (const [index, card] of cards.entries()) {
    expect(card.display, `row ${index + 1} is a card`).toBe('grid');
    expect(card.border, `row ${index + 1} has the card's border`).toBe('1px');
    expect(card.right, `row ${index + 1} fits its region`).toBeLessThanOrEqual(region.x + region.width + 0.5);
    expect(card.cells.map((cell) => cell.label), `row ${index + 1}'s labelled cells`).toEqual(expect.arrayContaining([...labels]));
    for (const cell of card.cells) expect(cell.before.split(' / ')[0], `row ${index + 1}'s ${cell.label} shows its label`).toBe(JSON.stringify(cell.label));
  }
}
