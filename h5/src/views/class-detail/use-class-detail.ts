import type { ClassCenterDetail } from '@px/api/contract';
import { ApiError } from '@px/config';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { findClassDetail } from '../../api/train-class';
import { unitIdAtom } from '../../store/project';

/** Where loading a class detail stands; `missing`: no such offered class (or a broken `id`). */
export type ClassDetailState =
  | { status: 'loading' }
  | { status: 'ready'; detail: ClassCenterDetail }
  | { status: 'missing' }
  | { status: 'error'; message: string };

export interface ClassDetailView {
  state: ClassDetailState;
  /** Loads the class again (after a failure). */
  reload: () => void;
  /** Changes the loaded detail in place (e.g. `inCart` after adding it to the cart). */
  update: (patch: Partial<ClassCenterDetail>) => void;
}

/** Whether a failed detail call means "no such offered class" (the server refused it) rather than a network failure. */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'error' || error.kind === 'notice');
}

/**
 * The offered class `classId` for the H5 (`class/find-detail` with the page's `unitId`): a refused
 * or missing id is `missing` (the page says 班级不存在或已下架), a network failure `error` (retry).
 */
export function useClassDetail(classId: number | null): ClassDetailView {
  const unitId = useAtomValue(unitIdAtom);
  const [state, setState] = useState<ClassDetailState>({ status: 'loading' });
  // Only the latest call may set the state (the id can change while one is on its way).
  const latest = useRef(0);

  const load = useCallback(async () => {
    const ticket = ++latest.current;
    const settle = (next: ClassDetailState) => {
      if (ticket === latest.current) setState(next);
    };
    if (classId === null) {
      settle({ status: 'missing' });
      return;
    }
    settle({ status: 'loading' });
    try {
      settle({ status: 'ready', detail: await findClassDetail(classId, unitId) });
    } catch (error) {
      settle(
        isRefusal(error)
          ? { status: 'missing' }
          : { status: 'error', message: error instanceof Error ? error.message : String(error) },
      );
    }
  }, [classId, unitId]);

  useEffect(() => {
    void load();
  }, [load]);

  const reload = useCallback(() => void load(), [load]);
  const update = useCallback((patch: Partial<ClassCenterDetail>) => {
    setState((current) =>
      current.status === 'ready' ? { status: 'ready', detail: { ...current.detail, ...patch } } : current,
    );
  }, []);
  return { state, reload, update };
}
