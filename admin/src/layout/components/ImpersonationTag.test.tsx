import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { accountStateAtom } from '../../store/session';
import { buildAccountInfo } from '../../testing/render-app';
import { ImpersonationTag } from './ImpersonationTag';

function renderTag(impersonatedBy: string | null) {
  const store = createStore();
  store.set(accountStateAtom, { status: 'ready', info: { ...buildAccountInfo(['/home']), impersonatedBy } });
  return render(
    <Provider store={store}>
      <ImpersonationTag />
    </Provider>,
  );
}

describe('ImpersonationTag', () => {
  it('names the platform staff member signed in as this account', () => {
    renderTag('平台运营');
    expect(screen.getByText('超级账号：平台运营')).toBeTruthy();
  });

  it('shows nothing in an ordinary session', () => {
    const { container } = renderTag(null);
    expect(container.textContent).toBe('');
  });
});
