import { act, renderHook, waitFor } from '@testing-library/react';
import { useEditorRecord } from './useEditorRecord';

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

const FAILURE = '记录加载失败，请关闭后重试';

/** Renders the hook with spies for `fetch`, `reset` and `show`; `props` change with rerender. */
function setup(
  props: { open?: boolean; id: number | undefined },
  fetch: (id: number) => Promise<Item> = (id) => Promise.resolve({ id, name: `第${id}条` }),
) {
  const spies = { fetch: jest.fn(fetch), reset: jest.fn(), show: jest.fn() };
  const view = renderHook(
    (current: { open?: boolean; id: number | undefined }) =>
      useEditorRecord<Item>({ ...current, ...spies, failure: FAILURE }),
    { initialProps: props },
  );
  return { ...view, ...spies };
}

describe('useEditorRecord', () => {
  it('shows a new record at once: reset, then show(null), nothing fetched', () => {
    const { result, fetch, reset, show } = setup({ open: true, id: undefined });
    expect(result.current).toEqual({ loading: false, failure: null });
    expect(fetch).not.toHaveBeenCalled();
    expect(reset).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith(null);
    expect(reset.mock.invocationCallOrder[0]).toBeLessThan(show.mock.invocationCallOrder[0] ?? 0);
  });

  it('is loading while the record of the id is fetched, then shows it', async () => {
    const { result, fetch, show } = setup({ open: true, id: 7 });
    expect(result.current).toEqual({ loading: true, failure: null });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(fetch).toHaveBeenCalledWith(7);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith({ id: 7, name: '第7条' });
    expect(result.current.failure).toBeNull();
  });

  it('does nothing while closed, and loads again each time it opens', async () => {
    const { result, rerender, fetch, reset } = setup({ open: false, id: 3 });
    expect(result.current.loading).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(reset).not.toHaveBeenCalled();

    rerender({ open: true, id: 3 });
    await waitFor(() => expect(result.current.loading).toBe(false));
    rerender({ open: false, id: 3 });
    rerender({ open: true, id: 3 });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(reset).toHaveBeenCalledTimes(2);
  });

  it('opens by default when `open` is not given', async () => {
    const { result, fetch } = setup({ id: 4 });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(fetch).toHaveBeenCalledWith(4);
  });

  it('answers a failed fetch with the failure, cleared when it opens again', async () => {
    const answers = [Promise.reject(new Error('网络错误')), Promise.resolve({ id: 5, name: '第5条' })];
    const { result, rerender, show } = setup({ open: true, id: 5 }, () => answers.shift() as Promise<Item>);
    await waitFor(() => expect(result.current).toEqual({ loading: false, failure: FAILURE }));
    expect(show).not.toHaveBeenCalled();

    rerender({ open: false, id: 5 });
    rerender({ open: true, id: 5 });
    expect(result.current.failure).toBeNull();
    await waitFor(() => expect(show).toHaveBeenCalledWith({ id: 5, name: '第5条' }));
  });

  it('drops an answer that comes after the id changed or the drawer closed', async () => {
    const first = deferred<Item>();
    const second = deferred<Item>();
    const { result, rerender, show } = setup({ open: true, id: 1 }, (id) =>
      id === 1 ? first.promise : second.promise,
    );
    rerender({ open: true, id: 2 });
    await act(async () => first.resolve({ id: 1, name: '旧的' }));
    expect(show).not.toHaveBeenCalled();
    expect(result.current.loading).toBe(true);

    rerender({ open: false, id: 2 });
    await act(async () => second.reject(new Error('太迟')));
    expect(result.current.failure).toBeNull();
    expect(show).not.toHaveBeenCalled();
  });
});
