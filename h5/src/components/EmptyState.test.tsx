import { render, screen } from '@testing-library/react';
import { type EmptyKind, EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it.each<EmptyKind>(['default', 'error', 'search', 'network'])(
    'draws the %s state locally: no image is fetched from a CDN',
    (kind) => {
      const { container } = render(<EmptyState kind={kind} description="暂无数据" />);
      expect(screen.getByText('暂无数据')).toBeTruthy();
      expect(container.querySelector('img')).toBeNull();
      expect(container.querySelector(`.empty-state__icon--${kind} svg`)).not.toBeNull();
    },
  );

  it('shows a given image instead of the icon, and its children', () => {
    render(
      <EmptyState image={<span>404</span>} description="页面不存在">
        <button type="button">返回首页</button>
      </EmptyState>,
    );
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeTruthy();
  });
});
