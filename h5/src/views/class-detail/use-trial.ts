import type { ClassLessonItem } from '@px/api/contract';
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { Dialog } from 'react-vant';
import { getTrialPlay } from '../../api/train-class';
import { askConfirm } from '../../components/cart/ask-confirm';
import { unitIdAtom } from '../../store/project';
import type { TrialSession } from './components/TrialPlayer';
import type { EnrolActions } from './use-enrol-actions';

export interface TrialView {
  /** The trial playing, or null. */
  session: TrialSession | null;
  /** Asks for the lesson's trial URL (`class/trial-play`) and opens the player. */
  open: (lesson: ClassLessonItem) => void;
  close: () => void;
  /** The prompt at the trial's end: 试看结束, then 加入购物车 (or 去购物车) / 取消. */
  onTrialEnd: () => Promise<void>;
}

/**
 * The trial of a class's lessons: opening asks the server for a signed URL (refusals were shown by
 * the request client, and no player opens); at the end of the trial the student is asked to enrol.
 */
export function useTrial(classId: number, actions: EnrolActions): TrialView {
  const unitId = useAtomValue(unitIdAtom);
  const [session, setSession] = useState<TrialSession | null>(null);

  const open = useCallback(
    (lesson: ClassLessonItem) => {
      getTrialPlay(classId, lesson.lessonId, unitId).then(
        (play) => setSession({ ...play, lessonName: lesson.name }),
        () => undefined,
      );
    },
    [classId, unitId],
  );
  const close = useCallback(() => setSession(null), []);

  const { state, addToCart, openCart } = actions;
  const onTrialEnd = useCallback(async () => {
    if (state === 'enrolled') {
      await Dialog.alert({ title: '试看结束', message: '您已报名该班级，可观看完整课程' });
      return;
    }
    const inCart = state === 'in-cart';
    const confirmed = await askConfirm({
      title: '试看结束',
      message: inCart ? '该班级已在购物车中，结算后即可观看完整课程' : '报名后即可观看完整课程',
      confirmButtonText: inCart ? '去购物车' : '加入购物车',
      cancelButtonText: '取消',
    });
    if (!confirmed) return;
    setSession(null);
    if (inCart) openCart();
    else addToCart();
  }, [state, addToCart, openCart]);

  return { session, open, close, onTrialEnd };
}
