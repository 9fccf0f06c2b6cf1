import type { Calls } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api } from './request';

/** The signed-in student's profile for /my (ID number masked). Rejects with an ApiError. */
export const getMyProfile = () => api.call('account/my-profile');

/** Whether the signed-in student must complete the profile first, and which fields are missing. Rejects with an ApiError. */
export const getNeedComplete = () => api.call('account/is-need-complete');

/**
 * Fills the student's missing profile fields (the others are left as they are). Rejects with an
 * ApiError naming the field (required, ID number or mobile used by another account).
 */
export const completeInfo = (values: InputOf<Calls['account/complete-info']>) =>
  api.call('account/complete-info', values);
