import { configure, fireEvent, render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { stubComputedStyles } from '../testing/render-screen';
import { LoadFailed, RecordPending } from './RecordPending';

configure({ defaultHidden: true });
stubComputedStyles();

describe('LoadFailed', () => {
  it('says 加载失败 with the reason, loads again on 重新加载 and shows the way back', () => {
    const onRetry = jest.fn();
    const back = jest.fn();
    render(
      <LoadFailed message="单位不存在" onRetry={onRetry} back={<Button onClick={back}>返回列表</Button>} />,
    );
    expect(screen.getByText('加载失败')).toBeTruthy();
    expect(screen.getByText('单位不存在')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: '返回列表' }));
    expect(back).toHaveBeenCalledTimes(1);
  });
});

describe('RecordPending', () => {
  it('shows the loading placeholder, then 加载失败 with a retry, and nothing once the record is ready', () => {
    const onRetry = jest.fn();
    const back = <Button>返回列表</Button>;
    const { container, rerender } = render(
      <RecordPending state={{ status: 'loading' }} onRetry={onRetry} back={back} />,
    );
    expect(screen.getByText('加载中…')).toBeTruthy();
    expect(screen.queryByText('加载失败')).toBeNull();

    rerender(
      <RecordPending state={{ status: 'error', message: '网络错误' }} onRetry={onRetry} back={back} />,
    );
    expect(screen.queryByText('加载中…')).toBeNull();
    expect(screen.getByText('网络错误')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回列表' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(onRetry).toHaveBeenCalledTimes(1);

    rerender(<RecordPending state={{ status: 'ready', record: 1 }} onRetry={onRetry} back={back} />);
    expect(container.textContent).toBe('');
  });
});
