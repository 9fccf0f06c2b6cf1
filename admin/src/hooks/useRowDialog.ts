import { useMemo, useState } from 'react';

/** A dialog shown for one row: the row it is for and whether it is open (false while it closes). */
export interface RowDialogState<T> {
  row: T;
  open: boolean;
}

/** The ways to show a row's dialog, close it (the row kept while it animates out) and forget the row once closed. */
export interface RowDialogControls<T> {
  show: (row: T) => void;
  close: () => void;
  /** For the dialog's `afterClose`: the row is forgotten and the dialog unmounted. */
  afterClose: () => void;
}

/** The props of a dialog that changes one row: `onDone` after the change (close it and reload the list). */
export interface RowDialogProps<T> {
  row: T;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
  afterClose: () => void;
}

/**
 * The state of a dialog a list opens for one row (驳回, 退款, 编辑…; `T` may include null for
 * 新建): null while no dialog is shown. Render the dialog while the state is set, keyed by the row,
 * with `open` from the state, so it animates out before it is unmounted.
 */
export function useRowDialog<T>(): [RowDialogState<T> | null, RowDialogControls<T>] {
  const [state, setState] = useState<RowDialogState<T> | null>(null);
  const controls = useMemo<RowDialogControls<T>>(
    () => ({
      show: (row) => setState({ row, open: true }),
      close: () => setState((current) => current && { ...current, open: false }),
      afterClose: () => setState(null),
    }),
    [],
  );
  return [state, controls];
}

/**
 * The props of the dialog `state` is showing (render it while the state is set, keyed by its row):
 * `onDone` closes it and then calls `after` (say the list's reload).
 */
export function rowDialogProps<T>(
  state: RowDialogState<T>,
  controls: RowDialogControls<T>,
  after: () => void,
): RowDialogProps<T> {
  return {
    row: state.row,
    open: state.open,
    onClose: controls.close,
    onDone: () => {
      controls.close();
      after();
    },
    afterClose: controls.afterClose,
  };
}
