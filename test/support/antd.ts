import type { Locator, Page } from 'playwright-core';

/** A button's accessible name as antd renders it: a space between two Chinese characters (`查 询`), an icon's label first. */
export const antdButtonName = (text: string) => new RegExp(`^(?:[a-z-]+\\s+)?${[...text].join('\\s*')}\\s*$`);

/** The antd button reading `text` inside `scope`. */
export const antdButton = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: antdButtonName(text) });

/** The open dropdown of an antd Select. */
export const openDropdown = (page: Page) => page.locator('.ant-select-dropdown').filter({ visible: true });

/** An option of the open dropdown holding `text`. */
export const dropdownOption = (page: Page, text: string) =>
  openDropdown(page).locator('.ant-select-item-option').filter({ hasText: text }).first();

/** The open dropdown of an antd DatePicker or RangePicker (its calendar). */
export const openCalendar = (page: Page) => page.locator('.ant-picker-dropdown').filter({ visible: true });

/**
 * Clicks the day `day` (`YYYY-MM-DD`) in the open calendar, first going back or forward a month at a
 * time with the calendar's arrows until the day is in view (at most a year).
 */
export async function clickCalendarDay(page: Page, day: string): Promise<void> {
  const calendar = openCalendar(page);
  const cell = calendar.locator(`td.ant-picker-cell-in-view[title="${day}"]`).first();
  for (let step = 0; step < 12 && (await cell.count()) === 0; step++) {
    // The month in view (the first panel's, `2026年11月`) against the wanted one.
    const header = (await calendar.locator('.ant-picker-header-view').first().textContent()) ?? '';
    const [, year = '0', month = '0'] = /(\d{4})年(\d{1,2})月/.exec(header) ?? [];
    const shown = Number(year) * 12 + Number(month);
    const wanted = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
    await calendar
      .locator(wanted < shown ? '.ant-picker-header-prev-btn' : '.ant-picker-header-next-btn')
      .first()
      .click();
  }
  await cell.click();
}

/** Picks the range `from`–`to` (`YYYY-MM-DD`) in the RangePicker labelled `label`, in its calendar. */
export async function pickDateRange(scope: Page, label: string, from: string, to: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await clickCalendarDay(scope, from);
  await clickCalendarDay(scope, to);
  await openCalendar(scope).waitFor({ state: 'hidden' });
}

/**
 * Picks the day `day` (`YYYY-MM-DD`) in the DatePicker labelled `label` (inside `scope`): types it
 * to bring its month into view, then clicks it in the calendar.
 */
export async function pickDate(
  page: Page,
  label: string,
  day: string,
  scope: Page | Locator = page,
): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(day);
  await clickCalendarDay(page, day);
  await openCalendar(page).waitFor({ state: 'hidden' });
}
