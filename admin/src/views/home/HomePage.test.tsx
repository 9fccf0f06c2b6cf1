import { ApiError } from '@px/config';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { getSystemInfo } from '../../api/project';
import { HomePage } from './HomePage';

jest.mock('../../api/project', () => ({ getSystemInfo: jest.fn() }));

const getSystemInfoMock = jest.mocked(getSystemInfo);

function renderHome() {
  return render(
    <Provider store={createStore()}>
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
  it('shows the title, short title and version of the project', async () => {
    getSystemInfoMock.mockResolvedValue(buildSystemInfo());
    renderHome();
    expect(screen.getByText('加载中…')).toBeTruthy();
    expect(await screen.findByText('山东职业技能培训平台')).toBeTruthy();
    expect(screen.getByText('鲁培训')).toBeTruthy();
    expect(screen.getByText('2.3.1')).toBeTruthy();
    expect(getSystemInfoMock).toHaveBeenCalledTimes(1);
  });

  it('shows the failure with a retry that loads the settings again', async () => {
    getSystemInfoMock.mockRejectedValueOnce(
      new ApiError({ kind: 'error', code: -1, message: '服务器繁忙，请稍后再试' }),
    );
    getSystemInfoMock.mockResolvedValueOnce(buildSystemInfo({ title: '第二次加载' }));
    renderHome();
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.getByText('服务器繁忙，请稍后再试')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('第二次加载')).toBeTruthy();
    expect(getSystemInfoMock).toHaveBeenCalledTimes(2);
  });
});
