import { act, renderHook } from '@testing-library/react';
import { useRowDialog } from './useRowDialog';

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
});
