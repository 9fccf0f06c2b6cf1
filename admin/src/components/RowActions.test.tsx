import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Table } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { stubComputedStyles } from '../testing/render-screen';
import {
  actionsColumn,
  DeleteAction,
  DetailAction,
  type EditDeleteActionsProps,
  editDeleteActions,
  StatusAction,
  type StatusActionProps,
} from './RowActions';

configure({ defaultHidden: true });
stubComputedStyles();

/** A button by its text (antd spaces out two-character labels: 停 用). */
const button = (text: string) =>
  screen.getAllByRole('button').find((element) => element.textContent?.replace(/\s/g, '') === text) as
    | HTMLButtonElement
    | undefined;

function renderStatus(props: Partial<StatusActionProps> = {}) {
  const onDisable = jest.fn(() => Promise.resolve());
  const onEnable = jest.fn();
  render(
    <StatusAction
      enabled
      confirmTitle="停用单位「演示」？"
      confirmDescription="停用后不能登录。"
      busy={false}
      onDisable={onDisable}
      onEnable={onEnable}
      {...props}
    />,
  );
  return { onDisable, onEnable };
}

describe('StatusAction', () => {
  it('disables an enabled record after its confirmation', async () => {
    const { onDisable, onEnable } = renderStatus();
    expect(button('启用')).toBeUndefined();
    fireEvent.click(button('停用') as HTMLButtonElement);
    expect(await screen.findByText('停用单位「演示」？')).toBeTruthy();
    expect(screen.getByText('停用后不能登录。')).toBeTruthy();
    expect(onDisable).not.toHaveBeenCalled();
    const confirm = document.querySelector('.ant-popconfirm .ant-btn-primary') as HTMLButtonElement;
    expect(confirm.textContent?.replace(/\s/g, '')).toBe('停用');
    fireEvent.click(confirm);
    await waitFor(() => expect(onDisable).toHaveBeenCalledTimes(1));
    expect(onEnable).not.toHaveBeenCalled();
  });

  it('enables a disabled record at once', () => {
    const { onDisable, onEnable } = renderStatus({ enabled: false });
    expect(button('停用')).toBeUndefined();
    fireEvent.click(button('启用') as HTMLButtonElement);
    expect(onEnable).toHaveBeenCalledTimes(1);
    expect(onDisable).not.toHaveBeenCalled();
  });

  it('disables 停用 while the row is busy', () => {
    renderStatus({ busy: true });
    expect(button('停用')?.disabled).toBe(true);
  });

  it('refuses with a reason: 停用 disabled and no confirmation', async () => {
    const { onDisable } = renderStatus({ refusal: '默认项目不能停用' });
    const disable = button('停用') as HTMLButtonElement;
    expect(disable.disabled).toBe(true);
    fireEvent.click(disable);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('停用单位「演示」？')).toBeNull();
    expect(onDisable).not.toHaveBeenCalled();
  });

  it('keeps 启用 usable but for a busy row', () => {
    renderStatus({ enabled: false, busy: true });
    expect(button('启用')?.disabled).toBe(true);
  });
});

describe('DeleteAction', () => {
  it('deletes after its confirmation (删除后不能恢复)', async () => {
    const onDelete = jest.fn(() => Promise.resolve());
    render(<DeleteAction confirmTitle="删除项目「演示」？" busy={false} onDelete={onDelete} />);
    fireEvent.click(button('删除') as HTMLButtonElement);
    expect(await screen.findByText('删除项目「演示」？')).toBeTruthy();
    expect(screen.getByText('删除后不能恢复。')).toBeTruthy();
    const confirm = document.querySelector(
      '.ant-popconfirm .ant-btn-dangerous.ant-btn-primary, .ant-popconfirm .ant-btn-dangerous',
    ) as HTMLButtonElement;
    expect(confirm.textContent?.replace(/\s/g, '')).toBe('删除');
    fireEvent.click(confirm);
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
  });

  it('is disabled while the row is busy, and with a refusal', () => {
    const { unmount } = render(<DeleteAction confirmTitle="删除？" busy onDelete={jest.fn()} />);
    expect(button('删除')?.disabled).toBe(true);
    unmount();
    render(
      <DeleteAction
        confirmTitle="删除？"
        busy={false}
        refusal="该项目下仍有账号或单位，不能删除"
        onDelete={jest.fn()}
      />,
    );
    expect(button('删除')?.disabled).toBe(true);
  });

  it('is enabled otherwise', () => {
    render(<DeleteAction confirmTitle="删除？" busy={false} onDelete={jest.fn()} />);
    expect(button('删除')?.disabled).toBe(false);
  });
});

interface Row {
  id: number;
  name: string;
}

/** A table of one row whose 操作 column holds `editDeleteActions` of `props`. */
function renderEditDelete(props: Partial<EditDeleteActionsProps> = {}) {
  const onEdit = jest.fn();
  const onDelete = jest.fn(() => Promise.resolve());
  const column = actionsColumn<Row>(160, (row) =>
    editDeleteActions({
      onEdit,
      deleteTitle: `删除「${row.name}」？`,
      busy: false,
      onDelete,
      ...props,
    }),
  );
  render(
    <Table<Row> rowKey="id" columns={[column]} dataSource={[{ id: 1, name: '演示' }]} pagination={false} />,
  );
  return { column, onEdit, onDelete };
}

describe('actionsColumn and editDeleteActions', () => {
  it('is the 操作 column fixed at the right, each action on its own in the row', () => {
    const { column } = renderEditDelete({
      between: (
        <Button type="link" size="small">
          预览
        </Button>
      ),
    });
    expect(column).toMatchObject({ title: '操作', key: 'actions', width: 160, fixed: 'right' });
    const items = [...document.querySelectorAll('td .ant-space-item')].map((item) =>
      item.textContent?.replace(/\s/g, ''),
    );
    expect(items).toEqual(['编辑', '预览', '删除']);
    expect(actionsColumn<Row>(90, () => null, { fixed: false }).fixed).toBeUndefined();
  });

  it('edits and deletes the row (删除 after its confirmation)', async () => {
    const { onEdit, onDelete } = renderEditDelete();
    fireEvent.click(button('编辑') as HTMLButtonElement);
    expect(onEdit).toHaveBeenCalledTimes(1);
    fireEvent.click(button('删除') as HTMLButtonElement);
    expect(await screen.findByText('删除「演示」？')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-dangerous') as HTMLButtonElement);
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
  });

  it("shows what the server's abilities allow: no 编辑 when not canEdit, 删除 disabled by its refusal", () => {
    renderEditDelete({
      abilities: {
        canEdit: false,
        editRefusal: '没有权限执行该操作',
        canDelete: false,
        deleteRefusal: '已发布的课程不能删除',
      },
    });
    expect(button('编辑')).toBeUndefined();
    expect(button('删除')?.disabled).toBe(true);
  });

  it('offers no 编辑 without an editor', () => {
    renderEditDelete({ onEdit: undefined });
    expect(button('编辑')).toBeUndefined();
    expect(button('删除')?.disabled).toBe(false);
  });
});

describe('DetailAction', () => {
  it("links to the row's detail page", () => {
    render(
      <MemoryRouter>
        <DetailAction to="/unit-manage/detail?id=7" />
      </MemoryRouter>,
    );
    expect(screen.getByText('详情').closest('a')?.getAttribute('href')).toBe('/unit-manage/detail?id=7');
  });

  it("opens the page's own drawer", () => {
    const onOpen = jest.fn();
    render(<DetailAction onOpen={onOpen} />);
    fireEvent.click(button('详情') as HTMLButtonElement);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});
