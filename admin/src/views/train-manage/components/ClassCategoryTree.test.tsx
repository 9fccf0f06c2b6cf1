import type { ClassCategoryItem, ClassCategoryNode } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  deleteClassCategory,
  dragClassCategory,
  getClassCategoryTree,
  saveClassCategory,
} from '../../../api/class-category';
import { buildFieldsError } from '../../../testing/field-errors';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { ClassCategoryTree } from './ClassCategoryTree';

jest.mock('../../../api/class-category', () => ({
  getClassCategoryTree: jest.fn(),
  saveClassCategory: jest.fn(),
  dragClassCategory: jest.fn(),
  deleteClassCategory: jest.fn(),
}));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });
ignorePseudoElementStyles();

const treeMock = jest.mocked(getClassCategoryTree);
const saveMock = jest.mocked(saveClassCategory);
const dragMock = jest.mocked(dragClassCategory);
const deleteMock = jest.mocked(deleteClassCategory);

const PROJECT_ADMIN = buildAccountInfo(['/home', '/train-manage/train-plan-list']);

function category(
  id: number,
  parentId: number | null,
  name: string,
  children: ClassCategoryNode[] = [],
): ClassCategoryNode {
  const level = parentId === null ? 1 : parentId < 10 ? 2 : 3;
  return {
    id,
    parentId,
    level,
    code: level === 1 ? (id === 1 ? 'public' : 'specialized') : null,
    name,
    sort: 1,
    children,
  };
}

/** 公需科目: 政治理论 [党史, 新思想], 法律法规; 专业科目: (none). */
const TREE: ClassCategoryNode[] = [
  category(1, null, '公需科目', [
    category(11, 1, '政治理论', [category(111, 11, '党史'), category(112, 11, '新思想')]),
    category(12, 1, '法律法规'),
  ]),
  category(2, null, '专业科目'),
];

const item = (overrides: Partial<ClassCategoryItem>): ClassCategoryItem => ({
  id: 99,
  parentId: 1,
  level: 2,
  code: null,
  baseCode: 'public',
  name: '新分类',
  sort: 3,
  path: [],
  childCount: 0,
  ...overrides,
});

/** The row of a category in the tree. */
const row = (id: number) => screen.getByTestId(`category-${id}`);
/** A button by its text (antd spaces out two-character labels of some buttons: 删 除). */
const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const queryButton = (container: HTMLElement, text: string) =>
  within(container).queryByText((content) => content.replace(/\s/g, '') === text, {
    selector: 'button span',
  });
const dialog = () => document.querySelector<HTMLElement>('.ant-modal') as HTMLElement;

async function openTree() {
  const rendered = renderScreen(<ClassCategoryTree />, PROJECT_ADMIN);
  await screen.findByText('新思想');
  return rendered;
}

beforeEach(() => {
  treeMock.mockReset().mockResolvedValue(TREE);
  saveMock.mockReset().mockResolvedValue(item({}));
  dragMock.mockReset().mockResolvedValue(TREE);
  deleteMock.mockReset().mockResolvedValue(null);
});

describe('ClassCategoryTree', () => {
  it('shows the whole tree open, each level named; base types can only take children and be renamed', async () => {
    await openTree();
    expect(within(row(1)).getByText('基础类型')).toBeTruthy();
    expect(within(row(11)).getByText('专业类型')).toBeTruthy();
    expect(within(row(111)).getByText('专业子类')).toBeTruthy();
    for (const id of [1, 2]) {
      expect(button(row(id), '新增专业类型')).toBeTruthy();
      expect(button(row(id), '重命名')).toBeTruthy();
      for (const text of ['删除', '上移', '下移']) expect(queryButton(row(id), text)).toBeNull();
    }
    expect(button(row(11), '新增专业子类')).toBeTruthy();
    // Nothing goes below a major child.
    expect(queryButton(row(111), '新增专业子类')).toBeNull();
    expect(queryButton(row(111), '新增专业类型')).toBeNull();
  });

  it('adds a major type under a base type and shows the tree again', async () => {
    await openTree();
    const grown = [{ ...TREE[0], children: [...TREE[0].children, category(13, 1, '职业素养')] }, TREE[1]];
    treeMock.mockResolvedValueOnce(grown);
    fireEvent.click(button(row(1), '新增专业类型'));
    expect(await screen.findByText('在「公需科目」下新增专业类型')).toBeTruthy();
    fireEvent.change(within(dialog()).getByPlaceholderText('例如 建筑工程'), {
      target: { value: ' 职业素养 ' },
    });
    fireEvent.click(button(dialog(), '保存'));
    await waitFor(() => expect(saveMock).toHaveBeenCalledWith({ parentId: 1, name: '职业素养' }));
    expect(await screen.findByText('职业素养')).toBeTruthy();
    expect(treeMock).toHaveBeenCalledTimes(2);
  });

  it('renames a category, starting from its name; an empty name is refused before asking the server', async () => {
    await openTree();
    fireEvent.click(button(row(12), '重命名'));
    expect(await screen.findByText('重命名「法律法规」')).toBeTruthy();
    const input = within(dialog()).getByPlaceholderText('例如 建筑工程') as HTMLInputElement;
    expect(input.value).toBe('法律法规');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(button(dialog(), '保存'));
    expect(await within(dialog()).findByText('请填写分类名称')).toBeTruthy();
    expect(saveMock).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '法律法规与政策' } });
    fireEvent.click(button(dialog(), '保存'));
    await waitFor(() => expect(saveMock).toHaveBeenCalledWith({ id: 12, name: '法律法规与政策' }));
  });

  it('shows the server’s refusals: the name on its field, the rest above the form', async () => {
    await openTree();
    saveMock.mockRejectedValueOnce(buildFieldsError([{ field: 'name', message: '同级下已有同名的分类' }]));
    fireEvent.click(button(row(11), '新增专业子类'));
    const input = await within(dialog()).findByPlaceholderText('例如 建筑工程');
    fireEvent.change(input, { target: { value: '党史' } });
    fireEvent.click(button(dialog(), '保存'));
    expect(await within(dialog()).findByText('同级下已有同名的分类')).toBeTruthy();
    saveMock.mockRejectedValueOnce(
      buildFieldsError([{ field: 'parentId', message: '班级分类最多三级，专业子类下不能再添加分类' }]),
    );
    fireEvent.change(input, { target: { value: '党史二' } });
    fireEvent.click(button(dialog(), '保存'));
    expect(await within(dialog()).findByText('班级分类最多三级，专业子类下不能再添加分类')).toBeTruthy();
    expect(treeMock).toHaveBeenCalledTimes(1);
  });

  it('deletes a category without children after confirmation; one with children cannot be deleted', async () => {
    await openTree();
    expect(button(row(11), '删除').disabled).toBe(true);
    treeMock.mockResolvedValueOnce([{ ...TREE[0], children: [TREE[0].children[0]] }, TREE[1]]);
    fireEvent.click(button(row(12), '删除'));
    expect(await screen.findByText('删除分类「法律法规」？')).toBeTruthy();
    expect(deleteMock).not.toHaveBeenCalled();
    fireEvent.click(button(document.querySelector('.ant-popconfirm') as HTMLElement, '删除'));
    await waitFor(() => expect(deleteMock).toHaveBeenCalledWith(12));
    await waitFor(() => expect(screen.queryByText('法律法规')).toBeNull());
  });

  it('moves a category up or down among its siblings and shows the tree the server answers', async () => {
    await openTree();
    expect(button(row(111), '上移').disabled).toBe(true);
    expect(button(row(112), '下移').disabled).toBe(true);
    const reordered = [
      {
        ...TREE[0],
        children: [
          { ...TREE[0].children[0], children: [category(112, 11, '新思想'), category(111, 11, '党史')] },
          TREE[0].children[1],
        ],
      },
      TREE[1],
    ];
    dragMock.mockResolvedValueOnce(reordered);
    fireEvent.click(button(row(111), '下移'));
    await waitFor(() => expect(dragMock).toHaveBeenCalledWith({ id: 111, targetId: 112, position: 'after' }));
    await waitFor(() => expect(button(row(112), '上移').disabled).toBe(true));
    fireEvent.click(button(row(12), '上移'));
    await waitFor(() =>
      expect(dragMock).toHaveBeenLastCalledWith({ id: 12, targetId: 11, position: 'before' }),
    );
    expect(treeMock).toHaveBeenCalledTimes(1);
  });

  it('drags a category beside a sibling; base types do not drag, and drops the server refuses are not made', async () => {
    await openTree();
    const node = (id: number) => row(id).closest('.ant-tree-treenode') as HTMLElement;
    expect(node(1).getAttribute('draggable')).not.toBe('true');
    expect(node(12).getAttribute('draggable')).toBe('true');
    const drag = (from: number, to: number) => {
      // jsdom lays nothing out: every drop lands in the gap after the target.
      fireEvent.dragStart(node(from), { clientX: 0, clientY: 0 });
      fireEvent.dragEnter(node(to), { clientX: 0, clientY: 0 });
      fireEvent.dragOver(node(to), { clientX: 0, clientY: 0 });
      fireEvent.drop(node(to), { clientX: 0, clientY: 0 });
      fireEvent.dragEnd(node(from));
    };
    // A major child has no place at or in a base type.
    drag(111, 2);
    expect(dragMock).not.toHaveBeenCalled();
    // Beside a major type it would leave its level: the tree offers the place inside it instead.
    drag(111, 12);
    await waitFor(() => expect(dragMock).toHaveBeenCalledWith({ id: 111, targetId: 12, position: 'inner' }));
    // The tree takes no drag while a change is under way (its buttons are disabled meanwhile).
    await waitFor(() => expect(button(row(12), '上移').disabled).toBe(false));
    dragMock.mockResolvedValueOnce([
      { ...TREE[0], children: [TREE[0].children[1], TREE[0].children[0]] },
      TREE[1],
    ]);
    drag(11, 12);
    await waitFor(() =>
      expect(dragMock).toHaveBeenLastCalledWith({ id: 11, targetId: 12, position: 'after' }),
    );
    await waitFor(() => expect(button(row(12), '上移').disabled).toBe(true));
  });

  it('offers 重新加载 when the tree cannot be loaded', async () => {
    treeMock.mockRejectedValueOnce(new Error('网络不通'));
    renderScreen(<ClassCategoryTree />, PROJECT_ADMIN);
    expect(await screen.findByText('网络不通')).toBeTruthy();
    fireEvent.click(button(document.body, '重新加载'));
    expect(await screen.findByText('新思想')).toBeTruthy();
  });
});
