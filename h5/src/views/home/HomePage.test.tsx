import { ApiError } from '@px/config';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { getSystemInfo } from '../../api/project';
import { unitIdAtom } from '../../store/project';
import { HomePage } from './HomePage';

jest.mock('../../api/project', () => ({ getSystemInfo: jest.fn() }));

const getSystemInfoMock = jest.mocked(getSystemInfo);

function renderHome(store = createStore()) {
  return render(
    <Provider store={store}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </Provider>,
  );
}

beforeEach(() => {
  getSystemInfoMock.mockReset();
});

describe('HomePage', () => {
  it('shows the project title and short title (the guard sets the document title)', async () => {
    getSystemInfoMock.mockResolvedValue(buildSystemInfo());
    renderHome();
    expect(screen.getByText('加载中…')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: '山东职业技能培训平台' })).toBeTruthy();
    expect(screen.getByText('鲁培训')).toBeTruthy();
    expect(getSystemInfoMock).toHaveBeenCalledTimes(1);
    expect(getSystemInfoMock).toHaveBeenCalledWith(undefined);
  });

  it('asks for the settings of the unit the site was opened for', async () => {
    getSystemInfoMock.mockResolvedValue(buildSystemInfo());
    const store = createStore();
    store.set(unitIdAtom, 12);
    renderHome(store);
    await screen.findByRole('heading', { level: 1 });
    expect(getSystemInfoMock).toHaveBeenCalledWith(12);
  });

  it('shows the failure with a retry that loads the settings again', async () => {
    getSystemInfoMock.mockRejectedValueOnce(
      new ApiError({ kind: 'network', message: '请求超时，请刷新页面' }),
    );
    getSystemInfoMock.mockResolvedValueOnce(buildSystemInfo({ title: '第二次加载' }));
    renderHome();
    expect(await screen.findByText('请求超时，请刷新页面')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('heading', { level: 1, name: '第二次加载' })).toBeTruthy();
    expect(getSystemInfoMock).toHaveBeenCalledTimes(2);
  });
});
