import { act, renderHook, waitFor } from '@testing-library/react';
import { useRecord } from './useRecord';

interface Item {
  id: number;
  name: string;
}

/** A promise with its resolve and reject at hand. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('useRecord', () => {
  it('is loading, then shows the record of the key', async () => {
    const fetchRecord = jest.fn((id: number) => Promise.resolve({ id, name: `第${id}条` }));
    const { result } = renderHook(() => useRecord(7, fetchRecord));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toMatchObject({ status: 'ready', record: { id: 7, name: '第7条' } });
    expect(fetchRecord).toHaveBeenCalledTimes(1);
    expect(fetchRecord).toHaveBeenCalledWith(7);
  });

  it("loads nothing without a key and stays 'loading'", async () => {
    const fetchRecord = jest.fn((id: number) => Promise.resolve({ id, name: 'x' }));
    const { result } = renderHook(() => useRecord<number, Item>(null, fetchRecord));
    act(() => result.current.reload());
    await act(async () => undefined);
    expect(fetchRecord).not.toHaveBeenCalled();
    expect(result.current.status).toBe('loading');
  });

  it("turns a failure into 'error' with its message, and loads again on reload", async () => {
    const fetchRecord = jest
      .fn<Promise<Item>, [number]>()
      .mockRejectedValueOnce(new Error('单位不存在'))
      .mockRejectedValueOnce('not an Error')
      .mockResolvedValueOnce({ id: 3, name: '演示培训单位' });
    const { result } = renderHook(() => useRecord(3, fetchRecord));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'error', message: '单位不存在' }));

    act(() => result.current.reload());
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toMatchObject({ status: 'error', message: '加载失败' }));

    act(() => result.current.reload());
    await waitFor(() =>
      expect(result.current).toMatchObject({ status: 'ready', record: { name: '演示培训单位' } }),
    );
    expect(fetchRecord).toHaveBeenCalledTimes(3);
  });

  it('treats a fetcher that throws at once like a failed load', async () => {
    const { result } = renderHook(() =>
      useRecord<number, Item>(1, () => {
        throw new Error('坏的编号');
      }),
    );
    await waitFor(() => expect(result.current).toMatchObject({ status: 'error', message: '坏的编号' }));
  });

  it('loads again when the key changes and shows only the answer for the latest key', async () => {
    const answers = new Map([
      [1, deferred<Item>()],
      [2, deferred<Item>()],
    ]);
    const fetchRecord = jest.fn((id: number) => answers.get(id)?.promise ?? Promise.reject(new Error('?')));
    const { result, rerender } = renderHook(({ id }) => useRecord(id, fetchRecord), {
      initialProps: { id: 1 },
    });
    rerender({ id: 2 });
    expect(fetchRecord).toHaveBeenLastCalledWith(2);
    await act(async () => answers.get(2)?.resolve({ id: 2, name: '二' }));
    expect(result.current).toMatchObject({ status: 'ready', record: { id: 2 } });
    // The answer for key 1 comes late: it is not shown.
    await act(async () => answers.get(1)?.resolve({ id: 1, name: '一' }));
    expect(result.current).toMatchObject({ status: 'ready', record: { id: 2 } });
  });

  it('shows a record set by the screen, also over a load still under way', async () => {
    const pending = deferred<Item>();
    const fetchRecord = jest.fn(() => pending.promise);
    const { result } = renderHook(() => useRecord(5, fetchRecord));
    act(() => result.current.set({ id: 5, name: '已保存' }));
    expect(result.current).toMatchObject({ status: 'ready', record: { name: '已保存' } });
    await act(async () => pending.resolve({ id: 5, name: '旧的' }));
    expect(result.current).toMatchObject({ status: 'ready', record: { name: '已保存' } });
  });

  it('shows an answer given at once (not a promise) without a loading state', async () => {
    const states: string[] = [];
    const { result, rerender } = renderHook(
      ({ id }) => {
        const view = useRecord<number | 'new', Item | null>(id, (key) =>
          key === 'new' ? null : { id: key, name: '刚创建的' },
        );
        states.push(view.status);
        return view;
      },
      { initialProps: { id: 'new' as number | 'new' } },
    );
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', record: null }));
    states.length = 0;
    rerender({ id: 9 });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', record: { id: 9 } }));
    expect(states).not.toContain('loading');
  });

  it('reads the latest fetcher at call time', async () => {
    const first = jest.fn((id: number) => Promise.resolve({ id, name: '旧' }));
    const second = jest.fn((id: number) => Promise.resolve({ id, name: '新' }));
    const { result, rerender } = renderHook(({ fetch }) => useRecord(1, fetch), {
      initialProps: { fetch: first },
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    rerender({ fetch: second });
    expect(second).not.toHaveBeenCalled();
    act(() => result.current.reload());
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', record: { name: '新' } }));
    expect(first).toHaveBeenCalledTimes(1);
  });
});
