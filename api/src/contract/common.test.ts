import { z } from 'zod';
import { zAuditInput, zEmptyAsAbsent, zEmptyOrNullAsAbsent, zIdInput, zIdStatusInput } from './common';

// The fragments the contracts share: what each takes, leaves out and refuses.

test('zEmptyAsAbsent: empty text is no filter; null is refused like any wrong value', () => {
  const schema = z.object({ status: zEmptyAsAbsent(z.enum(['A', 'B'], { error: '状态不正确' })) });
  expect(schema.parse({ status: '' })).toEqual({ status: undefined });
  expect(schema.parse({})).toEqual({});
  expect(schema.parse({ status: 'A' })).toEqual({ status: 'A' });
  expect(schema.safeParse({ status: null }).error?.issues[0]?.message).toBe('状态不正确');
  expect(schema.safeParse({ status: 'C' }).error?.issues[0]?.message).toBe('状态不正确');
});

test('zEmptyOrNullAsAbsent: empty text and null are no value', () => {
  const schema = z.object({ handled: zEmptyOrNullAsAbsent(z.boolean({ error: '应为是或否' })) });
  expect(schema.parse({ handled: '' })).toEqual({ handled: undefined });
  expect(schema.parse({ handled: null })).toEqual({ handled: undefined });
  expect(schema.parse({ handled: false })).toEqual({ handled: false });
  expect(schema.safeParse({ handled: 'yes' }).error?.issues[0]?.message).toBe('应为是或否');
});

test('zIdInput and zIdStatusInput take a positive id (and a record status)', () => {
  expect(zIdInput.parse({ id: 3 })).toEqual({ id: 3 });
  expect(zIdInput.safeParse({ id: 0 }).success).toBe(false);
  expect(zIdStatusInput.parse({ id: 3, status: 'DISABLED' })).toEqual({ id: 3, status: 'DISABLED' });
  expect(zIdStatusInput.safeParse({ id: 3, status: 'GONE' }).error?.issues[0]?.message).toBe(
    '状态应为 ENABLED 或 DISABLED',
  );
});

test('zAuditInput: a pass needs no remark, a rejection names its reason on the remark', () => {
  expect(zAuditInput.parse({ id: 1, pass: true })).toEqual({ id: 1, pass: true });
  expect(zAuditInput.parse({ id: 1, pass: false, remark: ' 材料不全 ' })).toEqual({
    id: 1,
    pass: false,
    remark: '材料不全',
  });
  expect(zAuditInput.safeParse({ id: 1, pass: false }).error?.issues).toEqual([
    expect.objectContaining({ path: ['remark'], message: '驳回时请填写原因' }),
  ]);
  expect(zAuditInput.safeParse({ id: 1 }).error?.issues[0]?.message).toBe('请选择通过或驳回');
});
