import { fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { buildFieldsError } from './field-errors';
import { LocationProbe } from './fixtures';

/**
 * Renders one screen at `path` (the screen's own route is `route`, the path without its query);
 * any navigation away shows a LocationProbe instead. Returns the store for assertions.
 */
export function renderScreen(element: ReactElement, path: string, store = createStore()) {
  const route = path.split('?')[0] ?? path;
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}

/** A validation message under a react-vant form field (not a toast with the same text). */
export const FIELD_ERROR = { selector: '.rv-field__error-message' };

export { buildFieldsError };

/** Types into the fields named by their labels (each waited for), in the order given. */
export async function fillFields(values: Readonly<Record<string, string>>): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(await screen.findByLabelText(label), { target: { value } });
  }
}
