import { answer, failure } from '@px/test/jest/axios-answers';
import { Modal, message } from 'antd';
import { notifyUnauthorized } from '../session/unauthorized';
import { api } from './request';

// The transport is tested with createApiClient in @px/config; here, how the back office shows failures.

jest.mock('antd', () => ({
  message: { error: jest.fn() },
  Modal: { warning: jest.fn() },
}));
jest.mock('../session/unauthorized', () => ({ notifyUnauthorized: jest.fn() }));

const errorMessage = jest.mocked(message.error);
const warning = jest.mocked(Modal.warning);

beforeEach(() => jest.clearAllMocks());

it('shows an error message for 5 s, once per text, and a notice in a 友情提示 warning dialog', async () => {
  await failure(
    api.request({ url: '/x.action', adapter: answer(200, { respCode: -1, respDesc: '账号已存在' }) }),
  );
  expect(errorMessage).toHaveBeenCalledWith({ content: '账号已存在', duration: 5, key: '账号已存在' });
  await failure(
    api.request({ url: '/x.action', adapter: answer(200, { respCode: -2, respDesc: '该订单已开票' }) }),
  );
  expect(warning).toHaveBeenCalledWith({ title: '友情提示', content: '该订单已开票' });
  expect(errorMessage).toHaveBeenCalledTimes(1);
});

it('ends the session on a 401 answer', async () => {
  await failure(
    api.request({ url: '/x.action', adapter: answer(401, { respCode: 401, respDesc: '登录已过期' }) }),
  );
  expect(notifyUnauthorized).toHaveBeenCalledTimes(1);
  expect(errorMessage).toHaveBeenCalledWith({ content: '登录已过期', duration: 5, key: '登录已过期' });
});
