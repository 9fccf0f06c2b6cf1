import { waitFor, within } from '@testing-library/react';

/** The dialog holding the form field `selector`, once open. */
export const dialogOf = (selector: string) =>
  waitFor(() => {
    const dialog = document.querySelector(selector)?.closest('[role="dialog"]') as HTMLElement | null;
    if (!dialog || dialog.style.display === 'none') throw new Error('not open');
    return dialog;
  });

/** The button reading `text` (spaces antd puts between two characters ignored). */
export const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
