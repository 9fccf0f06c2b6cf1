import type { StudentImportAnswer, StudentPage, StudentRow } from '@px/api/contract';
import { ApiError } from '@px/config';
import { saveBlobAs } from '@px/config/save-blob';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getUnitOptions } from '../../../api/account';
import { downloadImportTemplate, importStudents, listStudents } from '../../../api/student';
import { pickDateRange } from '../../../testing/date-pickers';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { IMPORT_TEMPLATE_FILE, StudentListPage } from './StudentListPage';

jest.mock('../../../api/student', () => ({
  listStudents: jest.fn(),
  downloadImportTemplate: jest.fn(),
  importStudents: jest.fn(),
}));
jest.mock('@px/config/save-blob', () => ({ saveBlobAs: jest.fn() }));
jest.mock('../../../api/account', () => ({ getUnitOptions: jest.fn() }));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });
ignorePseudoElementStyles();

const listMock = jest.mocked(listStudents);
const importMock = jest.mocked(importStudents);

const WITH_DETAIL = buildAccountInfo(['/home', '/student-manage/student', '/student-manage/student-detail']);
const LIST_ONLY = buildAccountInfo(['/home', '/student-manage/student']);

const ZHANG: StudentRow = {
  id: 11,
  realName: '张三',
  idCardNo: '370102********1238',
  mobile: '13800000000',
  email: null,
  unitId: 5,
  unitName: '演示培训单位',
  status: 'ENABLED',
  wechatBound: true,
  enrolmentCount: 2,
  lastLoginAt: null,
  createdAt: '2026-03-01T02:00:00.000Z',
  identityResult: 'MATCH',
};
const LI: StudentRow = {
  ...ZHANG,
  id: 12,
  realName: '李四',
  idCardNo: '370102********2012',
  mobile: null,
  unitId: null,
  unitName: null,
  status: 'DISABLED',
  wechatBound: false,
  enrolmentCount: 0,
};

const page = (list: StudentRow[]): StudentPage => ({ list, total: list.length, pageNum: 1, pageSize: 10 });
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const input = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;
const dialog = () =>
  screen.getByText('导入学员', { selector: '.ant-modal-title' }).closest('.ant-modal') as HTMLElement;

async function openPage(info = WITH_DETAIL) {
  renderScreen(<StudentListPage />, info, '/student-manage/student');
  await screen.findByText('李四');
}

beforeEach(() => {
  listMock.mockReset().mockResolvedValue(page([ZHANG, LI]));
  importMock.mockReset();
  jest
    .mocked(downloadImportTemplate)
    .mockReset()
    .mockResolvedValue(new Blob(['xlsx']));
  jest.mocked(saveBlobAs).mockReset();
  jest
    .mocked(getUnitOptions)
    .mockReset()
    .mockResolvedValue([{ id: 5, name: '演示培训单位' }]);
});

describe('StudentListPage', () => {
  it('shows each student with the masked ID number, unit, WeChat, enrolments and status; names open the detail', async () => {
    await openPage();
    expect(listMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    const zhang = rowOf('张三');
    for (const text of ['370102********1238', '13800000000', '演示培训单位', '已绑定', '2', '启用'])
      expect(within(zhang).getByText(text)).toBeTruthy();
    expect(within(zhang).getByText('张三').closest('a')?.getAttribute('href')).toBe(
      '/student-manage/student-detail?id=11',
    );
    const li = rowOf('李四');
    for (const text of ['未绑定', '停用']) expect(within(li).getByText(text)).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
  });

  it('without the detail page, names are plain text and there is no 详情', async () => {
    await openPage(LIST_ONLY);
    expect(screen.getByText('张三').closest('a')).toBeNull();
    expect(screen.queryByText('详情')).toBeNull();
  });

  it('filters by name, ID number, mobile, unit, status and registration dates from the first page', async () => {
    await openPage();
    fireEvent.change(screen.getByPlaceholderText('姓名的一部分'), { target: { value: ' 张 ' } });
    fireEvent.change(screen.getByPlaceholderText('完整身份证号'), {
      target: { value: '370102199003071238' },
    });
    fireEvent.change(screen.getByPlaceholderText('手机号的一部分'), { target: { value: '1380' } });
    fireEvent.mouseDown(input('student-filters_unitId'));
    fireEvent.click(await screen.findByText('演示培训单位', { selector: '.ant-select-item-option-content' }));
    fireEvent.mouseDown(input('student-filters_status'));
    fireEvent.click(await screen.findByText('启用', { selector: '.ant-select-item-option-content' }));
    pickDateRange(screen.getByLabelText('注册日期'), '2026-01-01', '2026-06-30');
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(listMock).toHaveBeenLastCalledWith({
        name: '张',
        idCardNo: '370102199003071238',
        mobile: '1380',
        unitId: 5,
        status: 'ENABLED',
        createdFrom: '2026-01-01',
        createdTo: '2026-06-30',
        pageNum: 1,
        pageSize: 10,
      }),
    );
  });

  it('downloads the import template', async () => {
    await openPage();
    fireEvent.click(button(document.body, '下载模板'));
    await waitFor(() => expect(saveBlobAs).toHaveBeenCalledWith(expect.any(Blob), IMPORT_TEMPLATE_FILE));
  });

  it('an import with errors imports nothing and lists each refused cell; a clean one closes and reloads', async () => {
    const refused: StudentImportAnswer = {
      total: 3,
      imported: 0,
      errors: [
        { row: 2, field: 'idCardNo', value: '370102199003071239', message: '身份证号格式不正确' },
        { row: 4, field: 'mobile', value: '13800000001', message: '与第 3 行手机号重复' },
      ],
    };
    importMock.mockResolvedValueOnce(refused).mockResolvedValueOnce({ total: 3, imported: 3, errors: [] });
    await openPage();
    fireEvent.click(button(document.body, '导入学员'));
    await screen.findByText('点击或拖入 .xlsx 文件');
    expect(button(dialog(), '开始导入').disabled).toBe(true);
    const file = new File(['xlsx'], '学员.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(dialog().querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [file] },
    });
    await waitFor(() => expect(button(dialog(), '开始导入').disabled).toBe(false));
    fireEvent.click(button(dialog(), '开始导入'));
    await waitFor(() => expect(importMock).toHaveBeenCalledWith(file));
    expect(
      await screen.findByText('共 3 行，发现 2 处问题，未导入任何学员。请改正后重新选择文件导入。'),
    ).toBeTruthy();
    const first = screen.getByText('身份证号格式不正确').closest('tr') as HTMLElement;
    for (const text of ['2', '身份证号', '370102199003071239'])
      expect(within(first).getByText(text)).toBeTruthy();
    expect(screen.getByText('与第 3 行手机号重复')).toBeTruthy();
    expect(listMock).toHaveBeenCalledTimes(1);

    fireEvent.click(button(dialog(), '开始导入'));
    await waitFor(() => expect(importMock).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('已导入 3 名学员')).toBeTruthy();
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('a file the server cannot read keeps the dialog open (the client showed why)', async () => {
    importMock.mockRejectedValueOnce(new ApiError({ kind: 'error', code: -1, message: '无法读取文件' }));
    await openPage();
    fireEvent.click(button(document.body, '导入学员'));
    await screen.findByText('点击或拖入 .xlsx 文件');
    fireEvent.change(dialog().querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [new File(['csv'], 'a.xlsx')] },
    });
    await waitFor(() => expect(button(dialog(), '开始导入').disabled).toBe(false));
    fireEvent.click(button(dialog(), '开始导入'));
    await waitFor(() => expect(importMock).toHaveBeenCalledTimes(1));
    expect(screen.getByText('点击或拖入 .xlsx 文件')).toBeTruthy();
    expect(listMock).toHaveBeenCalledTimes(1);
  });
});
