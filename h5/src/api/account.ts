import type { MyProfile } from '@px/api/contract';
import { request } from './request';

/** The signed-in student's profile for /my (ID number masked). Rejects with an ApiError. */
export function getMyProfile(): Promise<MyProfile> {
  return request<MyProfile>({ url: '/account/my-profile.action', method: 'post' });
}
