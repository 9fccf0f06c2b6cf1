import type { ClassCenterDetail } from '@px/api/contract';
import { ApiError } from '@px/config';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo } from 'react';
import { findClassDetail } from '../../api/train-class';
import { useRemote } from '../../hooks/useRemote';
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
  const load = useCallback(async (): Promise<ClassCenterDetail | null> => {
    if (classId === null) return null;
    try {
      return await findClassDetail(classId, unitId);
    } catch (error) {
      if (isRefusal(error)) return null;
      throw error;
    }
  }, [classId, unitId]);
  const { state: remote, reload, update: change } = useRemote(load);

  const state = useMemo((): ClassDetailState => {
    if (remote.status !== 'ready') return remote;
    return remote.value ? { status: 'ready', detail: remote.value } : { status: 'missing' };
  }, [remote]);
  const update = useCallback(
    (patch: Partial<ClassCenterDetail>) => change((detail) => (detail ? { ...detail, ...patch } : detail)),
    [change],
  );
  return { state, reload, update };
}
