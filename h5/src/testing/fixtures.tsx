import type { AccountInfo } from '@px/api/contract';
import type { RoleSystem } from '@px/config';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { Toast } from 'react-vant';

/** Shows where the router is, for assertions (`screen.getByTestId('location')`). */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** Where the router went, once a LocationProbe shows (rejects when none shows in time). */
export async function probedLocation(): Promise<string | null> {
  return (await screen.findByTestId('location')).textContent;
}

/** Replaces one kind of toast (`Toast.success`, `Toast.info`, ...) with a spy; restore it after the test. */
export function muteToast(kind: 'success' | 'info' | 'fail'): jest.SpyInstance {
  return jest.spyOn(Toast, kind).mockImplementation(() => ({ config: jest.fn(), clear: jest.fn() }));
}

/** Sets or removes the `token` cookie as a previous sign-in would have. */
export function setTokenCookie(token: string | undefined): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the session lives in this cookie
  document.cookie = token
    ? `token=${token}; path=/`
    : 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
}

/** The account info get-account-info answers for a student (or another role system). */
export function buildAccountInfo(roleSystem: RoleSystem = 3): AccountInfo {
  return {
    accountId: 21,
    userName: '张三',
    imagePath: null,
    projectId: 7,
    unitId: null,
    roleRP: { roleName: roleSystem === 3 ? '学员' : '项目管理员', roleSystem, menu: [] },
    impersonatedBy: null,
  };
}

/** A WeChat browser's user agent (the JS-SDK and the guard look for MicroMessenger). */
export const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

/** Makes `navigator.userAgent` answer `ua` until the returned function restores it. */
export function fakeUserAgent(ua: string): () => void {
  const spy = jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(ua);
  return () => spy.mockRestore();
}
