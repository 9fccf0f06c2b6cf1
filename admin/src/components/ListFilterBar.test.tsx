import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { stubComputedStyles } from '../testing/render-screen';
import { ListFilterBar } from './ListFilterBar';

configure({ defaultHidden: true });
stubComputedStyles();

interface Filters {
  name?: string;
  code?: string;
}

function renderBar(props: Partial<Parameters<typeof ListFilterBar<Filters>>[0]> = {}) {
  const onSearch = jest.fn();
  const onReset = jest.fn();
  const view = render(
    <ListFilterBar<Filters> name="demo-filters" onSearch={onSearch} onReset={onReset} {...props}>
      <Form.Item name="name" label="名称">
        <Input />
      </Form.Item>
      <Form.Item name="code" label="编码" rules={[{ pattern: /^\d*$/, message: '应为数字' }]}>
        <Input />
      </Form.Item>
    </ListFilterBar>,
  );
  return { ...view, onSearch, onReset };
}

describe('ListFilterBar', () => {
  it('searches with the values of its fields when 查询 is pressed and they are valid', async () => {
    const { onSearch } = renderBar();
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '王' } });
    fireEvent.change(screen.getByLabelText('编码'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: '查 询' }));
    expect(await screen.findByText('应为数字')).toBeTruthy();
    expect(onSearch).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('编码'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch).toHaveBeenCalledWith({ name: '王', code: '12' });
  });

  it('clears its fields, then calls onReset, on 重置', async () => {
    const { onReset, onSearch } = renderBar();
    // A reset field is mounted again: look the input up each time.
    const name = () => screen.getByLabelText('名称') as HTMLInputElement;
    fireEvent.change(name(), { target: { value: '王' } });
    expect(name().value).toBe('王');
    fireEvent.click(screen.getByRole('button', { name: '重 置' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(name().value).toBe(''));
    fireEvent.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ name: undefined, code: undefined }));
  });

  it('names its form (field ids) and has no 重置 without onReset, but the extra buttons', async () => {
    const refresh = jest.fn();
    render(
      <ListFilterBar<Filters>
        name="outbox-filters"
        onSearch={jest.fn()}
        buttons={<Button onClick={refresh}>刷新</Button>}
      >
        <Form.Item name="name" label="名称">
          <Input />
        </Form.Item>
      </ListFilterBar>,
    );
    expect(screen.getByLabelText('名称').id).toBe('outbox-filters_name');
    expect(screen.queryByRole('button', { name: '重 置' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '刷 新' }));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("puts the screen's actions right of the filters only when there are some", () => {
    const { container, unmount } = renderBar({ className: 'my-filters' });
    expect(container.firstElementChild?.tagName).toBe('FORM');
    expect(container.firstElementChild?.classList.contains('my-filters')).toBe(true);
    unmount();

    const withExtra = renderBar({ extra: <Button>新增</Button> });
    const row = withExtra.container.firstElementChild;
    expect(row?.tagName).toBe('DIV');
    expect(row?.children[0]?.tagName).toBe('FORM');
    expect(row?.children[1]?.textContent).toBe('新 增');
  });
});
