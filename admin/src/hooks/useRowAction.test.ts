import { act, renderHook } from '@testing-library/react';
import { message } from 'antd';
import { useRowAction } from './useRowAction';

describe('useRowAction', () => {
  let success: jest.SpyInstance;
  beforeEach(() => {
    success = jest.spyOn(message, 'success');
  });
  afterEach(() => success.mockRestore());

  it('marks the row busy while its change runs, then says so and calls onDone', async () => {
    const onDone = jest.fn();
    let finish: () => void = () => undefined;
    const action = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useRowAction<number>(onDone));
    expect(result.current.busy).toBeNull();

    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.run(7, action, '单位已停用');
    });
    expect(action).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(7);
    expect(onDone).not.toHaveBeenCalled();

    await act(async () => {
      finish();
      await done;
    });
    expect(result.current.busy).toBeNull();
    expect(success).toHaveBeenCalledWith('单位已停用');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('says nothing and does not call onDone when the change fails, and resolves anyway', async () => {
    const onDone = jest.fn();
    const { result } = renderHook(() => useRowAction<string>(onDone));
    await act(() => result.current.run('o-1', () => Promise.reject(new Error('refused')), '已解除绑定'));
    expect(result.current.busy).toBeNull();
    expect(success).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('calls the latest onDone', async () => {
    const first = jest.fn();
    const second = jest.fn();
    const { result, rerender } = renderHook(({ onDone }) => useRowAction<number>(onDone), {
      initialProps: { onDone: first },
    });
    const { run } = result.current;
    rerender({ onDone: second });
    await act(() => run(1, () => Promise.resolve(), '删除成功'));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    expect(result.current.run).toBe(run);
  });

  it('tracks a task that speaks for itself: the row busy meanwhile, no message, no onDone, a failure swallowed', async () => {
    const onDone = jest.fn();
    const { result } = renderHook(() => useRowAction<number>(onDone));
    let finish: () => void = () => undefined;
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.track(4, () => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.busy).toBe(4);
    await act(async () => {
      finish();
      await done;
    });
    expect(result.current.busy).toBeNull();
    await act(() => result.current.track(5, () => Promise.reject(new Error('refused'))));
    expect(result.current.busy).toBeNull();
    expect(success).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });
});
