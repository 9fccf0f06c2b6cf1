import { act, renderHook } from '@testing-library/react';
import { rowDialogProps, useRowDialog } from './useRowDialog';

describe('useRowDialog', () => {
  it('shows a row, keeps it while the dialog closes, and forgets it after', () => {
    const { result } = renderHook(() => useRowDialog<{ id: number }>());
    expect(result.current[0]).toBeNull();

    act(() => result.current[1].show({ id: 3 }));
    expect(result.current[0]).toEqual({ row: { id: 3 }, open: true });

    act(() => result.current[1].close());
    expect(result.current[0]).toEqual({ row: { id: 3 }, open: false });

    act(() => result.current[1].afterClose());
    expect(result.current[0]).toBeNull();
  });

  it('does nothing on close when no dialog is shown, and keeps its controls across renders', () => {
    const { result, rerender } = renderHook(() => useRowDialog<number | null>());
    const controls = result.current[1];
    act(() => controls.close());
    expect(result.current[0]).toBeNull();
    rerender();
    expect(result.current[1]).toBe(controls);
    act(() => controls.show(null));
    expect(result.current[0]).toEqual({ row: null, open: true });
  });

  it('gives the shown dialog its props: onDone closes it, then runs what follows; afterClose forgets the row', () => {
    const { result } = renderHook(() => useRowDialog<{ id: number }>());
    act(() => result.current[1].show({ id: 5 }));
    const after = jest.fn();
    const state = result.current[0];
    if (!state) throw new Error('the dialog is not shown');
    const props = rowDialogProps(state, result.current[1], after);
    expect(props).toMatchObject({ row: { id: 5 }, open: true });

    act(() => props.onDone());
    expect(after).toHaveBeenCalledTimes(1);
    expect(result.current[0]).toEqual({ row: { id: 5 }, open: false });

    act(() => props.afterClose());
    expect(result.current[0]).toBeNull();
  });
});
