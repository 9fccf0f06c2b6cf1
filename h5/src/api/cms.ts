import type { Calls } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api } from './request';

/**
 * The examinations (issue 26) as candidates use them: the open batches, registration, their
 * applications, the fee and the admission ticket, and the public score query. Every function
 * rejects with an ApiError (an ApiFieldsError naming the fields of a refused form).
 */

/** Anyone: the batches open for registration today. */
export const listOpenBatches = () => api.call('cms-batch/open-list', {});

/** Anyone: the project's units by part of the name (the form's 工作单位). */
export const listCmsUnits = (keyword?: string) => api.call('cms-apply/unit-options', { keyword });

/** Anyone: an SMS code to the mobile registering. */
export const sendCmsApplyCode = (mobile: string) => api.call('cms-apply/send-msg-code', { mobile });

type SubmitInput = InputOf<Calls['cms-apply/submit']>;
type ResubmitInput = InputOf<Calls['cms-apply/resubmit']>;

/** The form's fields as multipart parts (numbers as text, absent ones left out), the photo in `file`. */
function formOf(fields: Record<string, unknown>, photo: Blob | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined && value !== null && value !== '') form.append(name, String(value));
  if (photo) form.append('file', photo, 'photo.jpg');
  return form;
}

/**
 * An application to an open batch with the ID photo: signed out, the SMS code proves the mobile and
 * the account is created or bound (the answer's session signs the candidate in).
 */
export const submitCmsApply = (input: SubmitInput, photo: Blob | null) =>
  api.upload('cms-apply/submit', formOf(input, photo));

/** The candidate's applications, newest first. */
export const listMyCmsApplies = () => api.call('cms-apply/my-list', {});

/** A rejected application corrected and submitted again (a new photo, or none to keep it). */
export const resubmitCmsApply = (input: ResubmitInput, photo: Blob | null) =>
  api.upload('cms-apply/resubmit', formOf(input, photo));

/** Withdraws an application not paid yet. */
export const cancelCmsApply = (id: number) => api.call('cms-apply/cancel', { id });

/** The fee order of an approved application (the open one, or a new one), paid on the pay page. */
export const payCmsApply = (id: number) => api.call('cms-apply/pay', { id });

/** The candidate's admission ticket as a PDF. */
export const downloadCmsTicket = (id: number) => api.download('cms-apply/my-ticket', { id });

/** Anyone: published results of an ID number and name, with a slider verified through `captcha/check`. */
export const getMyCmsScore = (idCardNo: string, realName: string, captchaToken: string) =>
  api.call('cms-api/get-my-score', { idCardNo, realName, captchaToken });
