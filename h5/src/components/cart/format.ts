import { fenToYuan } from '@px/config';

// Class prices and hours are formatted by utils/class-format.ts (formatPrice, formatHours,
// classHoursText); these are the cart's own.

/** An amount in fen as yuan with the sign, also when 0: `¥98.00` (totals). */
export function formatAmount(fen: number): string {
  return `¥${fenToYuan(fen)}`;
}

/** A `YYYY-MM-DD` window as `2025-03-01 至 2025-12-31`. */
export function formatWindow(start: string, end: string): string {
  return `${start} 至 ${end}`;
}
