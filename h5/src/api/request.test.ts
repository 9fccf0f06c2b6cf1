import { answer, failure } from '@px/test/jest/axios-answers';
import type { InternalAxiosRequestConfig } from 'axios';
import { Dialog, Toast } from 'react-vant';
import { notifyUnauthorized } from '../session/unauthorized';
import { api } from './request';

// The transport is tested with createApiClient in @px/config; here, how the site shows failures.

jest.mock('react-vant', () => ({
  Toast: { info: jest.fn() },
  Dialog: { alert: jest.fn(() => Promise.resolve()) },
}));
jest.mock('../session/unauthorized', () => ({ notifyUnauthorized: jest.fn() }));

const toast = jest.mocked(Toast.info);
const dialog = jest.mocked(Dialog.alert);

beforeEach(() => jest.clearAllMocks());

it('sends the token cookie in the token header', async () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the client reads the token from this cookie
  document.cookie = 'token=abc123';
  const seen: InternalAxiosRequestConfig[] = [];
  await api.request({ url: '/x.action', adapter: answer(200, { respCode: 200 }, seen) });
  expect(seen[0]?.headers.get('token')).toBe('abc123');
  // biome-ignore lint/suspicious/noDocumentCookie: the client reads the token from this cookie
  document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

it('shows an error in a toast for 5 s and a notice in a 友情提示 dialog', async () => {
  await failure(
    api.request({ url: '/x.action', adapter: answer(200, { respCode: -1, respDesc: '手机号已注册' }) }),
  );
  expect(toast).toHaveBeenCalledWith({ message: '手机号已注册', duration: 5000 });
  await failure(
    api.request({ url: '/x.action', adapter: answer(200, { respCode: -2, respDesc: '该班级已报名' }) }),
  );
  expect(dialog).toHaveBeenCalledWith({ title: '友情提示', message: '该班级已报名' });
  expect(toast).toHaveBeenCalledTimes(1);
});

it('ends the session on a 401 answer', async () => {
  await failure(
    api.request({ url: '/x.action', adapter: answer(401, { respCode: 401, respDesc: '请先登录' }) }),
  );
  expect(notifyUnauthorized).toHaveBeenCalledTimes(1);
  expect(toast).toHaveBeenCalledWith({ message: '请先登录', duration: 5000 });
});
