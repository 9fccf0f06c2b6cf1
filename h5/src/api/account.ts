import { api } from './request';

/** The signed-in student's profile for /my (ID number masked). Rejects with an ApiError. */
export const getMyProfile = () => api.call('account/my-profile');
