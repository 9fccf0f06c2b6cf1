import type { AccountInfo } from '@px/api/contract';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { accountStateAtom } from '../store/session';
import { AppConfigProvider } from '../theme';
import { LocationProbe } from './render-app';

/**
 * Renders one screen as the layout would show it to a signed-in account (its info already loaded),
 * inside the app's ConfigProvider and a router at `path`. Returns the store for assertions.
 */
export function renderScreen(element: ReactElement, info: AccountInfo, path = '/') {
  const store = createStore();
  store.set(accountStateAtom, { status: 'ready', info });
  // As main.tsx does: static messages and dialogs take the app's locale and theme.
  ConfigProvider.config({
    holderRender: (children) => (
      <Provider store={store}>
        <AppConfigProvider>{children}</AppConfigProvider>
      </Provider>
    ),
  });
  const result = render(
    <Provider store={store}>
      <AppConfigProvider>
        <MemoryRouter initialEntries={[path]}>
          {element}
          <LocationProbe />
        </MemoryRouter>
      </AppConfigProvider>
    </Provider>,
  );
  return { ...result, store };
}

/**
 * Answers every `getComputedStyle` with an empty style for the test file: jsdom computes styles by
 * walking every style tag antd inserted (most of a screen test's time) and does not implement the
 * pseudo-element form antd's tables call. jsdom lays nothing out, so screens lose nothing; queries
 * must not rely on computed visibility (use `configure({ defaultHidden: true })`).
 * Call once per test file (it restores itself after the file).
 */
export function stubComputedStyles(): void {
  let spy: jest.SpyInstance | undefined;
  beforeAll(() => {
    spy = jest
      .spyOn(window, 'getComputedStyle')
      .mockImplementation(() => document.createElement('div').style);
  });
  afterAll(() => spy?.mockRestore());
}

/**
 * The first form of `stubComputedStyles`, kept under its old name for the screen tests that call it:
 * the same stub (jsdom lacks the pseudo-element form antd's tables call, and the full form is slow).
 */
export const ignorePseudoElementStyles = stubComputedStyles;
