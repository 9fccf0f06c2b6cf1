import type { ClassCenterItem } from '@px/api/contract';
// From @px/config (free of side effects), not the contract: its zod schemas would join the first route.
import { fenToYuan } from '@px/config';

/** How the H5 writes prices, hours and ratings of classes (lists, detail, cart). */

/** A price in fen as the H5 shows it: `¥98.00`, or 免费 for 0. */
export function formatPrice(fen: number): string {
  return fen === 0 ? '免费' : `¥${fenToYuan(fen)}`;
}

/** Hours with one decimal, as the H5 shows them: `12.0 学时`. */
export function formatHours(hours: number): string {
  return `${hours.toFixed(1)} 学时`;
}

/** The hours of a class: `必修 12.0 学时 · 选修 4.0 学时`, the elective part left out with `hideElective`. */
export function classHoursText(
  item: Pick<ClassCenterItem, 'requiredHours' | 'electiveHours'>,
  hideElective: boolean,
): string {
  const required = `必修 ${formatHours(item.requiredHours)}`;
  return hideElective ? required : `${required} · 选修 ${formatHours(item.electiveHours)}`;
}

/** The rating of a class: `4.5 分（12 人评价）`, or 暂无评价. */
export function ratingText(item: Pick<ClassCenterItem, 'rating' | 'evaluationCount'>): string {
  return item.rating === null ? '暂无评价' : `${item.rating.toFixed(1)} 分（${item.evaluationCount} 人评价）`;
}
