import type { Calls } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api } from './request';

/** The rules, the refusal if any, the target classes and the pending application of an enrolment. */
export const getChangeOptions = (myClassId: number) => api.call('change-class/options', { myClassId });

/** Asks to move an enrolment to another class (`change-class/do-change-my-class`). */
export const applyForChange = (input: InputOf<Calls['change-class/do-change-my-class']>) =>
  api.call('change-class/do-change-my-class', input);

/** Withdraws the student's pending application. */
export const cancelMyChange = (id: number) => api.call('change-class/my-cancel', { id });

/** The student's applications, newest first. */
export const listMyChanges = () => api.call('change-class/my-list', { pageNum: 1, pageSize: 20 });
