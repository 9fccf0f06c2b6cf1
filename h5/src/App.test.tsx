import { buildSystemInfo } from '@px/test/jest/system-info';
import { fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { AppRoutes } from './App';
import { getSystemInfo } from './api/project';

jest.mock('./api/project', () => ({ getSystemInfo: jest.fn() }));

function renderAt(path: string) {
  return render(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </Provider>,
  );
}

const scrollTo = jest.fn();

beforeAll(() => {
  window.scrollTo = scrollTo;
});

beforeEach(() => {
  scrollTo.mockClear();
  jest.mocked(getSystemInfo).mockReset().mockResolvedValue(buildSystemInfo());
});

describe('AppRoutes', () => {
  it('renders the home screen at /', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: '山东职业技能培训平台' })).toBeTruthy();
  });

  it('sends an unknown path to the 404 page, which links back home', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    expect(document.title).toBe('页面不存在');
    const homeLink = screen.getByRole('link', { name: '返回首页' });
    expect(homeLink.getAttribute('href')).toBe('/');
    expect(getSystemInfo).not.toHaveBeenCalled();

    scrollTo.mockClear();
    fireEvent.click(homeLink);
    expect(await screen.findByRole('heading', { level: 1, name: '山东职业技能培训平台' })).toBeTruthy();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
