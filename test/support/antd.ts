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
