import type { ClassCenterDetail, MyClassApply } from '@px/api/contract';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Toast } from 'react-vant';
import { addToCart, findCart } from '../../api/cart';
import { applyForClass } from '../../api/my-class';
import { useSubmitLock } from '../../hooks/useSubmitLock';
import { GO_PAY_PATH, loginPathFor } from '../../router/paths';
import { tokenAtom } from '../../store/session';

/**
 * Where the visitor stands with a class: not signed in, free to enrol, in the cart, enrolled; for a
 * class marked 报名需审核, `apply` (no application yet, or a rejected one) and `applied` (waiting
 * for staff) until the application is approved.
 */
export type EnrolState = 'anonymous' | 'open' | 'in-cart' | 'enrolled' | 'apply' | 'applied';

/**
 * The enrolment state of a loaded class: the server answers `inCart` / `enrolled` only to a
 * signed-in student (null otherwise), so a missing token or null state counts as anonymous.
 */
export function enrolStateOf(
  detail: Pick<ClassCenterDetail, 'inCart' | 'enrolled' | 'applyRequired' | 'apply'>,
  signedIn: boolean,
): EnrolState {
  if (!signedIn || detail.enrolled === null || detail.inCart === null) return 'anonymous';
  if (detail.enrolled) return 'enrolled';
  if (detail.inCart) return 'in-cart';
  if (detail.applyRequired && detail.apply?.status !== 'APPROVED')
    return detail.apply?.status === 'PENDING' ? 'applied' : 'apply';
  return 'open';
}

/** The cart page, with one cart item preselected when known. */
export function goPayPathFor(cartItemId: number | undefined): string {
  return cartItemId === undefined ? GO_PAY_PATH : `${GO_PAY_PATH}?ids=${cartItemId}`;
}

export interface EnrolActions {
  state: EnrolState;
  /** A cart call is on its way (the buttons show it). */
  busy: boolean;
  /** 加入购物车: adds the class and marks it in the cart; an anonymous visitor signs in first. */
  addToCart: () => void;
  /** 立即报名: adds the class when needed, then opens the cart with its item checked. */
  enrolNow: () => void;
  /** Opens the cart page (已在购物车). */
  openCart: () => void;
  /** 申请报名 (a class marked 报名需审核): sends the application with the student's reason. */
  apply: (reason: string) => Promise<boolean>;
}

/**
 * The cart buttons of a class detail. Anonymous visitors go to `/login?redirect=<this page>`;
 * failures were shown by the request client and leave the page as it is. `onAdded` marks the
 * loaded detail as in the cart.
 */
export function useEnrolActions(
  detail: ClassCenterDetail,
  onAdded: () => void,
  onApplied: (apply: MyClassApply) => void = () => undefined,
): EnrolActions {
  const signedIn = Boolean(useAtomValue(tokenAtom));
  const state = enrolStateOf(detail, signedIn);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { submitting, run } = useSubmitLock();
  const classId = detail.id;

  const guarded = useCallback(
    (task: () => Promise<void>) => {
      if (state === 'anonymous') navigate(loginPathFor(pathname, search));
      else void run(task).catch(() => undefined);
    },
    [state, navigate, pathname, search, run],
  );

  const add = useCallback(
    () =>
      guarded(async () => {
        await addToCart(classId);
        onAdded();
        Toast.success('已加入购物车');
      }),
    [guarded, classId, onAdded],
  );

  const enrolNow = useCallback(
    () =>
      guarded(async () => {
        if (state === 'open') {
          await addToCart(classId);
          onAdded();
        }
        const cart = await findCart();
        navigate(goPayPathFor(cart.items.find((item) => item.classId === classId && item.available)?.id));
      }),
    [guarded, state, classId, onAdded, navigate],
  );

  const openCart = useCallback(() => navigate(GO_PAY_PATH), [navigate]);
  const apply = useCallback(
    async (reason: string) => {
      let sent = false;
      await run(async () => {
        onApplied(await applyForClass(classId, reason.trim() || undefined));
        Toast.success('报名申请已提交，请等待审核');
        sent = true;
      }).catch(() => undefined);
      return sent;
    },
    [run, classId, onApplied],
  );
  return { state, busy: submitting, addToCart: add, enrolNow, openCart, apply };
}
