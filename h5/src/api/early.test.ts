import { earlyCall } from './early';

const call = jest.fn<Promise<number[]>, [number | undefined]>();
const years = earlyCall(call, (unitId) => String(unitId));
const prefetchCenterYears = years.prefetch;
const listCenterYears = (unitId?: number) => years.take(unitId);

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((unitId) => Promise.resolve([2026, unitId ?? 0]));
});

test('the prefetched years are taken once by the first ask for the same unit, then asked again', async () => {
  prefetchCenterYears(7);
  expect(call).toHaveBeenCalledTimes(1);
  await expect(listCenterYears(7)).resolves.toEqual([2026, 7]);
  expect(call).toHaveBeenCalledTimes(1);
  await expect(listCenterYears(7)).resolves.toEqual([2026, 7]);
  expect(call).toHaveBeenCalledTimes(2);
});

test('an ask for another unit does not take the prefetched years (and drops them)', async () => {
  prefetchCenterYears(undefined);
  await expect(listCenterYears(3)).resolves.toEqual([2026, 3]);
  await expect(listCenterYears(undefined)).resolves.toEqual([2026, 0]);
  expect(call).toHaveBeenCalledTimes(3);
});

test('a failed prefetch reaches the screen that takes it', async () => {
  call.mockReturnValueOnce(Promise.reject(new Error('网络异常')));
  prefetchCenterYears(undefined);
  await expect(listCenterYears(undefined)).rejects.toThrow('网络异常');
});
