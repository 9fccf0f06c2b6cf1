import {
  type CertificateAbilities,
  type CertificateDetail,
  type CertificateManageItem,
  type PageAnswer,
  VOCATION_MESSAGES,
} from '@px/api/contract';
import { saveBlobAs } from '@px/config/save-blob';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listCertificateTemplates } from '../../../api/certificate';
import {
  deleteCertificate,
  disableCertificate,
  enableCertificate,
  getCertificate,
  getCertificateClassOptions,
  getCertificateStudentOptions,
  initSkillCertificate,
  listCertificates,
  previewCertificate,
  saveCertificate,
} from '../../../api/my-certificate';
import { pickDate } from '../../../testing/date-pickers';
import { buildFieldsError } from '../../../testing/field-errors';
import { showAllListColumns } from '../../../testing/list-columns';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { CertificateManagePage } from './CertificateManagePage';

// 职业/工种 is picked from the platform's vocational resource tree.
jest.mock('../../../api/vocation', () => ({
  vocationalResourceTree: jest.fn(async () => [
    {
      code: '6',
      name: '生产制造及有关人员',
      level: 1,
      children: [{ code: '6-31-01-03', name: '电工', level: 2, children: [] }],
    },
  ]),
}));
jest.mock('../../../api/my-certificate', () => ({
  listCertificates: jest.fn(),
  getCertificate: jest.fn(),
  getCertificateClassOptions: jest.fn(),
  previewCertificate: jest.fn(),
  disableCertificate: jest.fn(),
  enableCertificate: jest.fn(),
  deleteCertificate: jest.fn(),
  saveCertificate: jest.fn(),
  initSkillCertificate: jest.fn(),
  getCertificateStudentOptions: jest.fn(),
}));
jest.mock('../../../api/certificate', () => ({ listCertificateTemplates: jest.fn() }));
jest.mock('@px/config/save-blob', () => ({ saveBlobAs: jest.fn() }));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const listMock = jest.mocked(listCertificates);
const MANAGE_ONLY = buildAccountInfo(['/home', '/customer', '/customer/my-certificate-manage']);
const WITH_PRINT = buildAccountInfo([
  '/home',
  '/customer',
  '/customer/my-certificate-manage',
  '/train-manage',
  '/train-manage/second-certificate-print',
]);

/** What the server answers for staff holding 证书管理 and 证书打印 on a valid certificate. */
const EVERYTHING: CertificateAbilities = {
  canReprint: true,
  reprintRefusal: null,
  canEdit: true,
  editRefusal: null,
  canToggle: true,
  toggleRefusal: null,
  canDelete: true,
  deleteRefusal: null,
};
const ROLE_REFUSED = '没有权限执行该操作';
/** Staff holding 证书管理 alone: the certificate policy refuses 补打 to the role. */
const MANAGE_ABILITIES: CertificateAbilities = {
  ...EVERYTHING,
  canReprint: false,
  reprintRefusal: ROLE_REFUSED,
};

const ROW: CertificateManageItem = {
  id: 41,
  kind: 'CLASS',
  studentName: '张三',
  idCardNo: '370102********1238',
  className: '公需科目综合学习班（上年度）',
  year: 2025,
  publicHours: 1.5,
  specializedHours: 0,
  electiveHours: 0,
  totalHours: 1.5,
  score: null,
  issueDate: '2025-12-31',
  skillName: null,
  skillLevel: null,
  assessDate: null,
  issuer: null,
  certificateNo: '2025K7Q9M2XH4TZR',
  verifyCode: 'AB12CD34',
  status: 'VALID',
  printCount: 2,
  accountId: 9,
  classId: 7,
  myClassId: 30,
  skillCode: null,
  createdAt: '2025-12-31T02:00:00.000Z',
  updatedAt: '2025-12-31T02:00:00.000Z',
  abilities: EVERYTHING,
};
const DISABLED: CertificateManageItem = {
  ...ROW,
  id: 42,
  kind: 'YEAR',
  studentName: '李四',
  className: '2025年度学时证明',
  certificateNo: '2025ZZZZ1111YYYY',
  status: 'DISABLED',
  abilities: { ...EVERYTHING, canReprint: false, reprintRefusal: '证书已停用，不能补打' },
};
const SKILL: CertificateManageItem = {
  ...ROW,
  id: 43,
  kind: 'SKILL',
  className: '电工 四级/中级工',
  year: 2026,
  publicHours: 0,
  totalHours: 0,
  score: 86,
  skillName: '电工',
  skillCode: '6-31-01-03',
  skillLevel: 'L4',
  assessDate: '2026-06-18',
  issuer: '演示职业培训平台',
  certificateNo: '2026SKILL0000AAA',
  classId: null,
  myClassId: null,
};
const DETAIL: CertificateDetail = {
  ...ROW,
  templateId: 3,
  templateName: '结业证书',
  queryUrl: 'http://localhost/query-certificate?code=AB12CD34',
  prints: [{ id: 5, actorId: 2, actorName: '客服小王', createdAt: '2026-01-05T03:00:00.000Z' }],
};
/** The rows as staff of one role read them: the server's abilities for that role. */
const asRole = (abilities: CertificateAbilities, ...rows: CertificateManageItem[]) =>
  rows.map((row) => ({
    ...row,
    abilities:
      row.status === 'DISABLED' && abilities.canReprint
        ? { ...abilities, canReprint: false, reprintRefusal: '证书已停用，不能补打' }
        : abilities,
  }));

const page = (list: CertificateManageItem[]): PageAnswer<CertificateManageItem> => ({
  list,
  total: list.length,
  pageNum: 1,
  pageSize: 10,
});
const rowOf = (text: string) => screen.getByText(text, { selector: 'a' }).closest('tr') as HTMLElement;
const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const confirm = async (title: string) =>
  fireEvent.click(button((await screen.findByText(title)).closest('.ant-popover') as HTMLElement, '确定'));

beforeEach(() => {
  // Every column: these tests read what the optional ones hold too.
  showAllListColumns('customer/my-certificate-manage');
  listMock.mockReset().mockResolvedValue(page([ROW, DISABLED]));
  jest.mocked(getCertificate).mockReset().mockResolvedValue(DETAIL);
  jest
    .mocked(getCertificateClassOptions)
    .mockReset()
    .mockResolvedValue([{ id: 7, name: '公需科目综合学习班（上年度）', year: 2025 }]);
  for (const mock of [disableCertificate, enableCertificate, saveCertificate])
    jest.mocked(mock).mockReset().mockResolvedValue(DETAIL);
  jest.mocked(deleteCertificate).mockReset().mockResolvedValue(null);
  jest
    .mocked(previewCertificate)
    .mockReset()
    .mockResolvedValue(new Blob(['%PDF-']));
  jest.mocked(saveBlobAs).mockReset();
  jest
    .mocked(listCertificateTemplates)
    .mockReset()
    .mockResolvedValue({
      list: [{ id: 3, name: '结业证书' } as never],
      total: 1,
      pageNum: 1,
      pageSize: 100,
    });
  jest
    .mocked(getCertificateStudentOptions)
    .mockReset()
    .mockResolvedValue([{ id: 9, realName: '张三', idCardNo: '370102********1238', mobile: null }]);
  jest
    .mocked(initSkillCertificate)
    .mockReset()
    .mockResolvedValue({ ...DETAIL, ...SKILL });
});

describe('CertificateManagePage', () => {
  it("lists certificates with their codes, class, hours, state and prints; 补打 by the row's abilities", async () => {
    renderScreen(<CertificateManagePage />, WITH_PRINT, '/customer/my-certificate-manage');
    await screen.findByText('2025K7Q9M2XH4TZR');
    expect(listMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    const row = rowOf('2025K7Q9M2XH4TZR');
    for (const text of ['验证码 AB12CD34', '张三', '370102********1238', '有效', '班级证书 · 2025年度'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByText('补打').closest('a')?.getAttribute('href')).toBe(
      '/train-manage/second-certificate-print?id=41',
    );
    const other = rowOf('2025ZZZZ1111YYYY');
    expect(within(other).getByText('已停用')).toBeTruthy();
    expect(button(other, '启用')).toBeTruthy();
    // The disabled certificate refuses 补打: offered disabled, the server's reason on hover.
    const refused = button(other, '补打');
    expect(refused.disabled).toBe(true);
    fireEvent.mouseOver(refused.parentElement as HTMLElement);
    expect(await screen.findByText('证书已停用，不能补打')).toBeTruthy();
  });

  it('shows no 补打 when the server refuses it to the role, whatever the pages; a print-only role only reprints', async () => {
    // The account holds 证书打印 here, yet the rows say the role may not reprint: the rows decide.
    listMock.mockResolvedValue(page(asRole(MANAGE_ABILITIES, ROW, DISABLED)));
    const { unmount } = renderScreen(
      <CertificateManagePage />,
      WITH_PRINT,
      '/customer/my-certificate-manage',
    );
    await screen.findByText('2025K7Q9M2XH4TZR');
    expect(screen.queryByText('补打')).toBeNull();
    expect(button(rowOf('2025K7Q9M2XH4TZR'), '编辑')).toBeTruthy();
    unmount();

    // A role with 证书打印 alone: 补打 of the valid certificate, none of 编辑, 停用 / 启用, 删除, 录入技能证书.
    const printOnly: CertificateAbilities = {
      canReprint: true,
      reprintRefusal: null,
      canEdit: false,
      editRefusal: ROLE_REFUSED,
      canToggle: false,
      toggleRefusal: ROLE_REFUSED,
      canDelete: false,
      deleteRefusal: ROLE_REFUSED,
    };
    listMock.mockResolvedValue(page(asRole(printOnly, ROW, DISABLED)));
    renderScreen(
      <CertificateManagePage />,
      buildAccountInfo(['/home', '/train-manage', '/train-manage/second-certificate-print']),
      '/customer/my-certificate-manage',
    );
    await screen.findByText('2025K7Q9M2XH4TZR');
    const row = rowOf('2025K7Q9M2XH4TZR');
    expect(within(row).getByText('补打').closest('a')).toBeTruthy();
    expect(button(rowOf('2025ZZZZ1111YYYY'), '补打').disabled).toBe(true);
    for (const label of ['编辑', '停用', '启用', '删除', '录入技能证书'])
      expect(
        screen.queryByText((content) => content.replace(/\s/g, '') === label, { selector: 'button span' }),
      ).toBeNull();
  });

  it('opens with 待补打 when the address asks (home’s 证书待补打); 重置 keeps the list whole otherwise', async () => {
    renderScreen(<CertificateManagePage />, WITH_PRINT, '/customer/my-certificate-manage?reprint=DUE');
    await screen.findByText('2025K7Q9M2XH4TZR');
    expect(listMock).toHaveBeenCalledWith({ reprint: 'DUE', pageNum: 1, pageSize: 10 });
    expect(
      document.querySelector('#certificate-filters_reprint')?.closest('.ant-select')?.textContent,
    ).toContain('待补打');
  });

  it('hides 补打 without the print page, and filters by the fields', async () => {
    listMock.mockResolvedValue(page(asRole(MANAGE_ABILITIES, ROW, DISABLED)));
    renderScreen(<CertificateManagePage />, MANAGE_ONLY, '/customer/my-certificate-manage');
    await screen.findByText('2025K7Q9M2XH4TZR');
    expect(screen.queryByText('补打')).toBeNull();
    fireEvent.change(document.querySelector('#certificate-filters_name') as HTMLInputElement, {
      target: { value: ' 张三 ' },
    });
    fireEvent.change(document.querySelector('#certificate-filters_certificateNo') as HTMLInputElement, {
      target: { value: 'ab12cd34' },
    });
    fireEvent.mouseDown(document.querySelector('#certificate-filters_status') as HTMLInputElement);
    fireEvent.click(await screen.findByText('已停用', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(listMock).toHaveBeenLastCalledWith({
        name: '张三',
        certificateNo: 'ab12cd34',
        status: 'DISABLED',
        pageNum: 1,
        pageSize: 10,
      }),
    );
  });

  it('opens the detail with its print log, previews the PDF, disables and enables, deletes', async () => {
    renderScreen(<CertificateManagePage />, MANAGE_ONLY, '/customer/my-certificate-manage');
    await screen.findByText('2025K7Q9M2XH4TZR');
    fireEvent.click(screen.getByText('2025K7Q9M2XH4TZR', { selector: 'a' }));
    expect(await screen.findByText('客服小王')).toBeTruthy();
    expect(screen.getByText('http://localhost/query-certificate?code=AB12CD34')).toBeTruthy();
    expect(getCertificate).toHaveBeenCalledWith(41);

    fireEvent.click(button(rowOf('2025K7Q9M2XH4TZR'), '预览'));
    await waitFor(() => expect(previewCertificate).toHaveBeenCalledWith(41));
    await waitFor(() =>
      expect(saveBlobAs).toHaveBeenCalledWith(expect.any(Blob), '证书2025K7Q9M2XH4TZR.pdf'),
    );

    // Each change is confirmed, said and followed by a reload of the list.
    const reads = listMock.mock.calls.length;
    fireEvent.click(button(rowOf('2025K7Q9M2XH4TZR'), '停用'));
    await confirm('停用后公开查询将显示已停用，确定停用？');
    await waitFor(() => expect(disableCertificate).toHaveBeenCalledWith(41));
    expect(await screen.findByText('已停用')).toBeTruthy();
    await waitFor(() => expect(listMock.mock.calls.length).toBe(reads + 1));
    fireEvent.click(button(rowOf('2025ZZZZ1111YYYY'), '启用'));
    await confirm('确定启用该证书？');
    await waitFor(() => expect(enableCertificate).toHaveBeenCalledWith(42));
    expect(await screen.findByText('已启用')).toBeTruthy();
    await waitFor(() => expect(listMock.mock.calls.length).toBe(reads + 2));
    fireEvent.click(button(rowOf('2025ZZZZ1111YYYY'), '删除'));
    await confirm('删除后证书将无法查询，确定删除？');
    await waitFor(() => expect(deleteCertificate).toHaveBeenCalledWith(42));
    expect(await screen.findByText('已删除')).toBeTruthy();
    await waitFor(() => expect(listMock.mock.calls.length).toBe(reads + 3));
  });

  it('edits the snapshot and shows the fields the server refuses', async () => {
    jest
      .mocked(saveCertificate)
      .mockRejectedValueOnce(buildFieldsError([{ field: 'issueDate', message: '发证日期不能晚于今天' }]));
    renderScreen(<CertificateManagePage />, MANAGE_ONLY, '/customer/my-certificate-manage');
    await screen.findByText('2025K7Q9M2XH4TZR');
    fireEvent.click(button(rowOf('2025K7Q9M2XH4TZR'), '编辑'));
    const name = (await screen.findByDisplayValue('张三')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: '张三丰' } });
    pickDate(screen.getByDisplayValue('2025-12-31'), '2099-12-31');
    fireEvent.click(button(document.body, '保存'));
    expect(await screen.findByText('发证日期不能晚于今天')).toBeTruthy();
    expect(saveCertificate).toHaveBeenCalledWith({
      id: 41,
      studentName: '张三丰',
      className: '公需科目综合学习班（上年度）',
      publicHours: 1.5,
      specializedHours: 0,
      electiveHours: 0,
      score: null,
      issueDate: '2099-12-31',
    });
    fireEvent.click(button(document.body, '保存'));
    await waitFor(() => expect(saveCertificate).toHaveBeenCalledTimes(2));
  });
});

describe('skill certificates', () => {
  it('lists a skill certificate with its skill, level and score, and shows them in the detail', async () => {
    listMock.mockResolvedValue(page([SKILL]));
    jest
      .mocked(getCertificate)
      .mockResolvedValue({ ...DETAIL, ...SKILL, templateId: null, templateName: null });
    renderScreen(<CertificateManagePage />, MANAGE_ONLY, '/customer/my-certificate-manage');
    await screen.findByText('2026SKILL0000AAA');
    const row = rowOf('2026SKILL0000AAA');
    for (const text of ['电工', '技能证书 · 四级/中级工', '86 分'])
      expect(within(row).getByText(text)).toBeTruthy();
    fireEvent.click(screen.getByText('2026SKILL0000AAA', { selector: 'a' }));
    expect(await screen.findByText('发证单位')).toBeTruthy();
    for (const text of [
      '职业/工种',
      '电工（6-31-01-03）',
      '四级/中级工',
      '2026-06-18',
      '演示职业培训平台',
      '默认版式',
    ])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.queryByText('公需学时')).toBeNull();
  });

  it('录入技能证书: searches the student, sends the form, shows the fields the server refuses, then reloads', async () => {
    jest.mocked(initSkillCertificate).mockRejectedValueOnce(
      buildFieldsError([
        { field: 'assessDate', message: '考核日期不能晚于今天' },
        { field: 'skillCode', message: VOCATION_MESSAGES.NOT_PICKABLE },
      ]),
    );
    renderScreen(<CertificateManagePage />, MANAGE_ONLY, '/customer/my-certificate-manage');
    await screen.findByText('2025K7Q9M2XH4TZR');
    fireEvent.click(button(document.body, '录入技能证书'));
    const student = (await waitFor(() => {
      const input = document.querySelector('#skill-init_accountId');
      if (!input) throw new Error('the form is not open yet');
      return input;
    })) as HTMLInputElement;
    fireEvent.click(button(document.body, '录入'));
    expect(await screen.findByText('请选择职业/工种')).toBeTruthy();
    expect(initSkillCertificate).not.toHaveBeenCalled();
    fireEvent.mouseDown(student);
    fireEvent.change(student, { target: { value: '3701' } });
    await waitFor(() => expect(getCertificateStudentOptions).toHaveBeenLastCalledWith('3701'));
    fireEvent.click(
      await screen.findByText('张三（370102********1238）', { selector: '.ant-select-item-option-content' }),
    );
    // 职业/工种 is picked from the vocational resource tree, found by name; its code is sent.
    const skill = document.querySelector('#skill-init_skillCode') as HTMLInputElement;
    fireEvent.mouseDown(skill);
    fireEvent.change(skill, { target: { value: '电工' } });
    fireEvent.click(await screen.findByText('电工（6-31-01-03）', { selector: '.ant-select-tree-title' }));
    fireEvent.mouseDown(document.querySelector('#skill-init_skillLevel') as HTMLInputElement);
    fireEvent.click(await screen.findByText('四级/中级工', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(document.querySelector('#skill-init_score') as HTMLInputElement, {
      target: { value: '86' },
    });
    pickDate(document.querySelector('#skill-init_assessDate') as HTMLInputElement, '2099-01-01');
    fireEvent.click(button(document.body, '录入'));
    expect(await screen.findByText('考核日期不能晚于今天')).toBeTruthy();
    expect(screen.getByText(VOCATION_MESSAGES.NOT_PICKABLE)).toBeTruthy();
    expect(initSkillCertificate).toHaveBeenCalledWith({
      accountId: 9,
      skillCode: '6-31-01-03',
      skillLevel: 'L4',
      score: 86,
      assessDate: '2099-01-01',
      issuer: undefined,
      templateId: undefined,
    });
    pickDate(document.querySelector('#skill-init_assessDate') as HTMLInputElement, '2026-06-18');
    fireEvent.click(button(document.body, '录入'));
    await waitFor(() => expect(initSkillCertificate).toHaveBeenCalledTimes(2));
    expect(jest.mocked(initSkillCertificate).mock.calls[1]?.[0]).toMatchObject({ assessDate: '2026-06-18' });
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('offers 技能证书 in the kind filter', async () => {
    renderScreen(<CertificateManagePage />, MANAGE_ONLY, '/customer/my-certificate-manage');
    await screen.findByText('2025K7Q9M2XH4TZR');
    fireEvent.mouseDown(document.querySelector('#certificate-filters_kind') as HTMLInputElement);
    fireEvent.click(await screen.findByText('技能证书', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(listMock).toHaveBeenLastCalledWith({ kind: 'SKILL', pageNum: 1, pageSize: 10 }),
    );
  });
});
