import type { CertificateItem, MyCertificateView } from '@px/api/contract';
import { saveBlobAs } from '@px/config/save-blob';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { downloadMyCertificate, listMyCertificates, viewMyCertificate } from '../../../api/my-certificate';
import { renderScreen } from '../../../testing/render-screen';
import { MyCertificatesTab } from './MyCertificatesTab';

jest.mock('../../../api/my-certificate', () => ({
  listMyCertificates: jest.fn(),
  viewMyCertificate: jest.fn(),
  downloadMyCertificate: jest.fn(),
}));
jest.mock('@px/config/save-blob', () => ({ saveBlobAs: jest.fn() }));

const CLASS: CertificateItem = {
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
  score: 86,
  issueDate: '2025-12-31',
  skillName: null,
  skillLevel: null,
  assessDate: null,
  issuer: null,
  certificateNo: '2025K7Q9M2XH4TZR',
  verifyCode: 'AB12CD34',
  status: 'VALID',
  printCount: 0,
  accountId: 9,
  classId: 7,
  myClassId: 30,
  skillCode: null,
  createdAt: '2025-12-31T02:00:00.000Z',
  updatedAt: '2025-12-31T02:00:00.000Z',
};
const YEAR: CertificateItem = {
  ...CLASS,
  id: 42,
  kind: 'YEAR',
  className: '2025年度学时证明',
  certificateNo: '2025YEAR0000YEAR',
  score: null,
  status: 'DISABLED',
};
const SKILL: CertificateItem = {
  ...CLASS,
  id: 43,
  kind: 'SKILL',
  className: '电工 四级/中级工',
  year: 2026,
  publicHours: 0,
  totalHours: 0,
  score: 85,
  skillName: '电工',
  skillLevel: 'L4',
  assessDate: '2026-06-18',
  issuer: '演示职业培训平台',
  certificateNo: '2026SKILL0000AAA',
  classId: null,
  myClassId: null,
  skillCode: '6-31-01-03',
};
const VIEW: MyCertificateView = {
  ...CLASS,
  queryUrl: 'http://localhost/query-certificate?code=AB12CD34',
  qrCode: 'data:image/png;base64,UVI=',
};

beforeEach(() => {
  jest
    .mocked(listMyCertificates)
    .mockReset()
    .mockResolvedValue({ list: [CLASS, YEAR], hiddenKinds: [] });
  jest.mocked(viewMyCertificate).mockReset().mockResolvedValue(VIEW);
  jest
    .mocked(downloadMyCertificate)
    .mockReset()
    .mockResolvedValue(new Blob(['%PDF-']));
  jest.mocked(saveBlobAs).mockReset();
});

describe('MyCertificatesTab', () => {
  it('lists each certificate with its kind, state and hours; 查看 shows the QR code and snapshot', async () => {
    renderScreen(<MyCertificatesTab />, '/my?tab=certificates');
    const card = await screen.findByRole('listitem', { name: '证书 2025K7Q9M2XH4TZR' });
    expect(within(card).getByText('公需科目综合学习班（上年度）')).toBeTruthy();
    expect(within(card).getByText('有效')).toBeTruthy();
    expect(within(card).getByText('班级证书')).toBeTruthy();
    const year = screen.getByRole('listitem', { name: '证书 2025YEAR0000YEAR' });
    expect(within(year).getByText('已停用')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: '查看' }));
    const view = await screen.findByRole('region', { name: '证书内容' });
    expect(viewMyCertificate).toHaveBeenCalledWith(41);
    expect(within(view).getByAltText('证书查验二维码').getAttribute('src')).toBe(VIEW.qrCode);
    expect(within(view).getByText('86 分')).toBeTruthy();
    expect(within(view).getByText(/AB12CD34/)).toBeTruthy();
  });

  it('下载 saves the PDF under the certificate number', async () => {
    renderScreen(<MyCertificatesTab />, '/my?tab=certificates');
    const card = await screen.findByRole('listitem', { name: '证书 2025K7Q9M2XH4TZR' });
    fireEvent.click(within(card).getByRole('button', { name: '下载' }));
    await waitFor(() =>
      expect(saveBlobAs).toHaveBeenCalledWith(expect.any(Blob), '证书2025K7Q9M2XH4TZR.pdf'),
    );
    expect(downloadMyCertificate).toHaveBeenCalledWith(41);
  });

  it('says when there is none, and when the project shows neither kind', async () => {
    jest.mocked(listMyCertificates).mockResolvedValueOnce({ list: [], hiddenKinds: ['CLASS'] });
    const { unmount } = renderScreen(<MyCertificatesTab />, '/my?tab=certificates');
    expect(await screen.findByText('暂无证书，班级考核合格后将自动发放')).toBeTruthy();
    unmount();
    jest.mocked(listMyCertificates).mockResolvedValueOnce({ list: [], hiddenKinds: ['CLASS', 'YEAR'] });
    renderScreen(<MyCertificatesTab />, '/my?tab=certificates');
    expect(await screen.findByText('证书查看暂未开放')).toBeTruthy();
  });

  it('lists a skill certificate with its skill and level, shown even when the project hides the other kinds; 查看 and 下载 work', async () => {
    jest.mocked(listMyCertificates).mockResolvedValueOnce({ list: [SKILL], hiddenKinds: ['CLASS', 'YEAR'] });
    jest.mocked(viewMyCertificate).mockResolvedValueOnce({
      ...SKILL,
      queryUrl: 'http://localhost/query-certificate?code=AB12CD34',
      qrCode: 'data:image/png;base64,UVI=',
    });
    renderScreen(<MyCertificatesTab />, '/my?tab=certificates');
    const card = await screen.findByRole('listitem', { name: '证书 2026SKILL0000AAA' });
    expect(screen.queryByText('证书查看暂未开放')).toBeNull();
    expect(within(card).getByText('电工')).toBeTruthy();
    expect(within(card).getByText('技能证书')).toBeTruthy();
    expect(within(card).getByText(/四级\/中级工 · 考核 2026-06-18/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: '查看' }));
    const view = await screen.findByRole('region', { name: '证书内容' });
    expect(viewMyCertificate).toHaveBeenCalledWith(43);
    for (const text of ['职业/工种', '电工', '四级/中级工', '85 分', '2026-06-18'])
      expect(within(view).getByText(text)).toBeTruthy();
    expect(within(view).queryByText('总学时')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: '下载' }));
    await waitFor(() => expect(downloadMyCertificate).toHaveBeenCalledWith(43));
  });
});
