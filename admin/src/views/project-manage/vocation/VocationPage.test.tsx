import type { VocationNode } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { saveVocation, sortVocation, toggleVocation, vocationTree } from '../../../api/vocation';
import { buildFieldsError } from '../../../testing/field-errors';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { VocationPage } from './VocationPage';

jest.mock('../../../api/vocation', () => ({
  vocationTree: jest.fn(),
  saveVocation: jest.fn(),
  toggleVocation: jest.fn(),
  sortVocation: jest.fn(),
}));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const ADMIN = buildAccountInfo(['/home', '/project-manage/vocation'], {
  roleSystem: 1,
  roleName: '平台管理员',
});

const node = (
  id: number,
  parentId: number | null,
  code: string,
  name: string,
  level: 1 | 2 | 3,
  children: VocationNode[] = [],
  enabled = true,
): VocationNode => ({ id, parentId, code, name, level, sort: 0, enabled, children });

const TREE: VocationNode[] = [
  node(1, null, '6', '生产制造及有关人员', 1, [
    node(2, 1, '6-18-02-04', '焊工', 2, [node(3, 2, '6-18-02-04-01', '电焊工', 3)]),
    node(4, 1, '6-31-01-03', '电工', 2, [], false),
  ]),
];

const modal = () => document.querySelector('.ant-modal') as HTMLElement;
const buttonNamed = (text: string) =>
  screen
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;

beforeEach(() => {
  jest.mocked(vocationTree).mockReset().mockResolvedValue(TREE);
  jest.mocked(saveVocation).mockReset();
  jest.mocked(toggleVocation).mockReset().mockResolvedValue(TREE);
  jest.mocked(sortVocation).mockReset().mockResolvedValue(TREE);
});

test('shows the levels and codes, the disabled node tagged; a disabled node takes no child', async () => {
  renderScreen(<VocationPage />, ADMIN, '/project-manage/vocation');
  expect(await screen.findByText('6-18-02-04 焊工')).toBeTruthy();
  const electrician = document.querySelector('[data-code="6-31-01-03"]') as HTMLElement;
  expect(within(electrician).getByText('已停用')).toBeTruthy();
  expect(within(electrician).getByText('职业')).toBeTruthy();
  fireEvent.click(screen.getByText('6-18-02-04 焊工'));
  await waitFor(() => expect(buttonNamed('新增工种').disabled).toBe(false));
  // The disabled node takes no child and offers 启用, not 停用.
  fireEvent.click(screen.getByText('6-31-01-03 电工'));
  await waitFor(() => expect(buttonNamed('新增工种').disabled).toBe(true));
  fireEvent.click(await waitFor(() => buttonNamed('启用')));
  await waitFor(() => expect(toggleVocation).toHaveBeenCalledWith(4, true));
});

test('adds a 职业 under the selected 大类 with the code prefilled; the server’s refusal lands on the field', async () => {
  jest
    .mocked(saveVocation)
    .mockRejectedValueOnce(
      buildFieldsError([{ field: 'code', message: '职业编码应为「大类-中类-小类-细类」' }]),
    )
    .mockResolvedValueOnce({ ...node(9, 1, '6-31-01-02', '机修钳工', 2), sort: 2 });
  renderScreen(<VocationPage />, ADMIN, '/project-manage/vocation');
  fireEvent.click(await screen.findByText('6 生产制造及有关人员'));
  fireEvent.click(await waitFor(() => buttonNamed('新增职业')));
  const code = (await waitFor(() => modal().querySelector('#vocation-editor_code'))) as HTMLInputElement;
  await waitFor(() => expect(code.value).toBe('6-'));
  fireEvent.change(code, { target: { value: '6-31-01' } });
  fireEvent.change(modal().querySelector('#vocation-editor_name') as HTMLInputElement, {
    target: { value: '机修钳工' },
  });
  fireEvent.click(within(modal()).getByText((content) => content.replace(/\s/g, '') === '保存'));
  expect(await within(modal()).findByText('职业编码应为「大类-中类-小类-细类」')).toBeTruthy();
  expect(saveVocation).toHaveBeenLastCalledWith({ parentId: 1, code: '6-31-01', name: '机修钳工' });
  fireEvent.change(code, { target: { value: '6-31-01-02' } });
  fireEvent.click(within(modal()).getByText((content) => content.replace(/\s/g, '') === '保存'));
  await waitFor(() => expect(saveVocation).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(vocationTree).toHaveBeenCalledTimes(2));
});

test('moves a node among its siblings', async () => {
  renderScreen(<VocationPage />, ADMIN, '/project-manage/vocation');
  await screen.findByText('6-31-01-03 电工');
  // Clicks reach the 大类's children once its opening animation is over.
  await waitFor(() => {
    if (!document.querySelector('.ant-tree-node-selected'))
      fireEvent.click(screen.getByText('6-31-01-03 电工'));
    expect(document.querySelector('.ant-tree-node-selected')?.textContent).toContain('电工');
  });
  await waitFor(() => expect(buttonNamed('上移').disabled).toBe(false));
  expect(buttonNamed('下移').disabled).toBe(true);
  fireEvent.click(buttonNamed('上移'));
  await waitFor(() => expect(sortVocation).toHaveBeenCalledWith(4, 0));
});
