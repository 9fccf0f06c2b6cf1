import type { z } from 'zod';
import { cmsApplyPageInput, cmsOrderPageInput } from './cms';
import { invoicePageInput } from './invoice';
import { invoiceOrderPageInput } from './invoice-orders';
import { orderPageInput } from './order';
import { refundApplyPageInput } from './refund-apply';
import { pushReportListInput } from './regulator-push';
import { resourceUploadErrorQueryInput } from './resource';
import { studentListInput } from './student';

// Every list filtered by a date range refuses an end before its start, on the end field, and takes
// either bound alone or both in order (`dateRangeInOrder`).
const RANGES: [string, z.ZodType, string, string][] = [
  ['order/page', orderPageInput, 'createdFrom', 'createdTo'],
  ['refund-apply/list', refundApplyPageInput, 'createdFrom', 'createdTo'],
  ['invoice/page', invoicePageInput, 'createdFrom', 'createdTo'],
  ['invoice/order-page', invoiceOrderPageInput, 'paidFrom', 'paidTo'],
  ['student/list', studentListInput, 'createdFrom', 'createdTo'],
  ['cms-apply/page', cmsApplyPageInput, 'createdFrom', 'createdTo'],
  ['cms-order/page', cmsOrderPageInput, 'createdFrom', 'createdTo'],
  ['my-class-push-log/report-list', pushReportListInput, 'createdFrom', 'createdTo'],
  ['resource/error-import-video', resourceUploadErrorQueryInput, 'startDate', 'endDate'],
];

test.each(RANGES)('%s: the end may not come before the start', (_call, schema, from, to) => {
  const page = { pageNum: 1, pageSize: 10 };
  const reversed = schema.safeParse({ ...page, [from]: '2026-03-02', [to]: '2026-03-01' });
  expect(reversed.success).toBe(false);
  expect(reversed.error?.issues).toEqual([
    expect.objectContaining({ path: [to], message: '结束日期不能早于开始日期' }),
  ]);
  expect(schema.safeParse({ ...page, [from]: '2026-03-01', [to]: '2026-03-01' }).success).toBe(true);
  expect(schema.safeParse({ ...page, [from]: '2026-03-02' }).success).toBe(true);
  expect(schema.safeParse({ ...page, [to]: '2026-03-01' }).success).toBe(true);
});
