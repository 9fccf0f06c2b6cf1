import type { SmsOutboxPage } from '@px/api/contract';
import { request } from './request';

/** Filters and page of `sms/outbox`. */
export interface SmsOutboxQuery {
  pageNum: number;
  pageSize: number;
  /** Digits of the mobile (any part). */
  mobile?: string;
}

/** The SMS messages the outbox provider kept, newest first (a demo reads its codes here). Rejects with an ApiError. */
export function getSmsOutbox(query: SmsOutboxQuery): Promise<SmsOutboxPage> {
  return request<SmsOutboxPage>({ url: '/sms/outbox.action', method: 'post', data: query });
}
