import { act, renderHook } from '@testing-library/react';
import { usePoll } from './usePoll';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Lets the timers run `ms` and the answers they wait for settle. */
async function elapse(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

describe('usePoll', () => {
  it('polls every interval while the key is set, and stops when it turns null', async () => {
    const poll = jest.fn(() => Promise.resolve());
    const { rerender } = renderHook(({ key }: { key: number | null }) => usePoll(key, poll, 1000), {
      initialProps: { key: 5 as number | null },
    });
    expect(poll).not.toHaveBeenCalled();
    await elapse(1000);
    expect(poll).toHaveBeenCalledTimes(1);
    expect(poll).toHaveBeenLastCalledWith(5);
    await elapse(2000);
    expect(poll).toHaveBeenCalledTimes(3);
    rerender({ key: null });
    await elapse(5000);
    expect(poll).toHaveBeenCalledTimes(3);
  });

  it('keeps polling after a failure and stops when unmounted', async () => {
    const poll = jest.fn().mockRejectedValueOnce(new Error('网络错误')).mockResolvedValue(undefined);
    const { unmount } = renderHook(() => usePoll(7, poll, 500));
    await elapse(1000);
    expect(poll).toHaveBeenCalledTimes(2);
    unmount();
    await elapse(2000);
    expect(poll).toHaveBeenCalledTimes(2);
  });

  it('waits for an answer before the next call', async () => {
    let answer: () => void = () => undefined;
    const poll = jest.fn(
      () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
    );
    renderHook(() => usePoll(1, poll, 100));
    await elapse(1000);
    expect(poll).toHaveBeenCalledTimes(1);
    answer();
    await elapse(100);
    expect(poll).toHaveBeenCalledTimes(2);
  });
});
