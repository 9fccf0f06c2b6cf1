import { ApiError } from '@px/config';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { AppRoutes } from './App';
import { getSystemInfo } from './api/project';

jest.mock('./api/project', () => ({ getSystemInfo: jest.fn() }));

const getSystemInfoMock = jest.mocked(getSystemInfo);
const scrollTo = jest.fn();

function renderAt(path: string) {
  return render(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </Provider>,
  );
}

beforeAll(() => {
  window.scrollTo = scrollTo;
});

beforeEach(() => {
  scrollTo.mockClear();
  getSystemInfoMock.mockReset().mockResolvedValue(buildSystemInfo());
  document.title = '加载中…';
});

describe('AppRoutes', () => {
  it.each(['/', '/home'])(
    'shows the home screen with the back-office title in the header at %p',
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: '山东职业技能培训管理后台' })).toBeTruthy();
      expect(await screen.findByText('山东职业技能培训平台')).toBeTruthy();
      expect(document.title).toBe('山东职业技能培训管理后台');
      // The layout and the home screen share one system-info call.
      expect(getSystemInfoMock).toHaveBeenCalledTimes(1);
    },
  );

  it('keeps the header empty and the document title unchanged when the settings fail to load', async () => {
    getSystemInfoMock
      .mockReset()
      .mockRejectedValue(new ApiError({ kind: 'network', message: '请求超时，请刷新页面' }));
    renderAt('/home');
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('');
    expect(document.title).toBe('加载中…');
  });

  it('sends an unknown path to the 404 page, whose button leads back home', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
    expect(document.title).toBe('页面不存在');
    expect(getSystemInfoMock).not.toHaveBeenCalled();

    scrollTo.mockClear();
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(await screen.findByRole('heading', { level: 1, name: '山东职业技能培训管理后台' })).toBeTruthy();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
