import { fireEvent } from '@testing-library/react';

/**
 * Drives antd's DatePicker and RangePicker (the back office's date fields, `components/DateFields`)
 * as a person does: opens the picker on its input, types the day there to bring its month into view,
 * then clicks the day in the calendar.
 */

/** The open picker panel (the last opened one; closed ones stay in the page, hidden). */
function openPanel(): HTMLElement {
  const panels = document.querySelectorAll<HTMLElement>(
    '.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)',
  );
  const panel = panels[panels.length - 1];
  if (!panel) throw new Error('No date picker is open');
  return panel;
}

/** Opens the picker of `input` and shows the month of `text` (a day `YYYY-MM-DD`, maybe with a time). */
function openAt(input: HTMLElement, text: string): void {
  fireEvent.mouseDown(input);
  fireEvent.click(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
}

/** Clicks the day `day` (`YYYY-MM-DD`) of the open picker's calendar. */
function clickDay(day: string): void {
  const cell = openPanel().querySelector<HTMLElement>(`td.ant-picker-cell-in-view[title="${day}"]`);
  if (!cell) throw new Error(`The open date picker does not show ${day}`);
  fireEvent.click(cell);
}

/** The two inputs of the range picker whose start input is `startInput` (what its label points at). */
function rangeInputs(startInput: HTMLElement): [HTMLInputElement, HTMLInputElement] {
  const [start, end] = startInput.closest('.ant-picker-range')?.querySelectorAll('input') ?? [];
  if (!start || !end) throw new Error('Not the input of a range picker');
  return [start, end];
}

/** Picks the range `from`–`to` (`YYYY-MM-DD`) in the range picker whose start input is `startInput`. */
export function pickDateRange(startInput: HTMLElement, from: string, to: string): void {
  const [start, end] = rangeInputs(startInput);
  openAt(start, from);
  clickDay(from);
  openAt(end, to);
  clickDay(to);
}

/** Picks the day `day` (`YYYY-MM-DD`) in the date picker of `input`. */
export function pickDate(input: HTMLElement, day: string): void {
  openAt(input, day);
  clickDay(day);
}

/** Picks the day and time `text` (`YYYY-MM-DD HH:mm`) in the date-time picker of `input`, then 确定. */
export function pickDateTime(input: HTMLElement, text: string): void {
  openAt(input, text);
  const ok = openPanel().querySelector<HTMLElement>('.ant-picker-ok button');
  if (!ok) throw new Error('The open picker has no 确定');
  fireEvent.click(ok);
}

/** Clears the date or range picker of `input` with its clear icon. */
export function clearDatePicker(input: HTMLElement): void {
  const clear = input.closest('.ant-picker')?.querySelector<HTMLElement>('.ant-picker-clear');
  if (!clear) throw new Error('The picker shows no clear icon (nothing chosen?)');
  fireEvent.mouseDown(clear);
  fireEvent.click(clear);
}
