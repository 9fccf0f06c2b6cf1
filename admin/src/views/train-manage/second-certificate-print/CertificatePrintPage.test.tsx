import type { CertificateDetail } from '@px/api/contract';
import { ApiError } from '@px/config';
import { saveBlobAs } from '@px/config/save-blob';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getCertificate, listCertificates, reprintCertificate } from '../../../api/my-certificate';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { CertificatePrintPage, searchFilters } from './CertificatePrintPage';

jest.mock('../../../api/my-certificate', () => ({
  listCertificates: jest.fn(),
  getCertificate: jest.fn(),
  reprintCertificate: jest.fn(),
}));
jest.mock('@px/config/save-blob', () => ({ saveBlobAs: jest.fn() }));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const PRINT = buildAccountInfo(['/home', '/train-manage', '/train-manage/second-certificate-print']);
const DETAIL: CertificateDetail = {
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
  score: 88,
  issueDate: '2025-12-31',
  skillName: null,
  skillLevel: null,
  assessDate: null,
  issuer: null,
  certificateNo: '2025K7Q9M2XH4TZR',
  verifyCode: 'AB12CD34',
  status: 'VALID',
  printCount: 1,
  accountId: 9,
  classId: 7,
  myClassId: 30,
  skillCode: null,
  createdAt: '2025-12-31T02:00:00.000Z',
  updatedAt: '2025-12-31T02:00:00.000Z',
  templateId: null,
  templateName: null,
  queryUrl: 'http://localhost/query-certificate?code=AB12CD34',
  prints: [{ id: 5, actorId: 2, actorName: '客服小王', createdAt: '2026-01-05T03:00:00.000Z' }],
  abilities: {
    canReprint: true,
    reprintRefusal: null,
    canEdit: false,
    editRefusal: '没有权限执行该操作',
    canToggle: false,
    toggleRefusal: '没有权限执行该操作',
    canDelete: false,
    deleteRefusal: '没有权限执行该操作',
  },
};
const button = (text: string) =>
  within(document.body)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;

beforeEach(() => {
  jest.mocked(getCertificate).mockReset().mockResolvedValue(DETAIL);
  jest
    .mocked(listCertificates)
    .mockReset()
    .mockResolvedValue({ list: [DETAIL], total: 1, pageNum: 1, pageSize: 20 });
  jest
    .mocked(reprintCertificate)
    .mockReset()
    .mockResolvedValue(new Blob(['%PDF-']));
  jest.mocked(saveBlobAs).mockReset();
});

describe('searchFilters', () => {
  it('reads an ID number, a number or code, else a name', () => {
    expect(searchFilters(' 370102199003071238 ')).toEqual({ idCardNo: '370102199003071238' });
    expect(searchFilters('AB12CD34')).toEqual({ certificateNo: 'AB12CD34' });
    expect(searchFilters('张三')).toEqual({ name: '张三' });
  });
});

describe('CertificatePrintPage', () => {
  it('finds a certificate, shows its print count and log, reprints it and reloads the count', async () => {
    renderScreen(<CertificatePrintPage />, PRINT, '/train-manage/second-certificate-print');
    fireEvent.change(screen.getByPlaceholderText('证书编号、验证码、身份证号或姓名'), {
      target: { value: 'AB12CD34' },
    });
    fireEvent.click(button('查找'));
    await waitFor(() =>
      expect(listCertificates).toHaveBeenCalledWith({ certificateNo: 'AB12CD34', pageNum: 1, pageSize: 20 }),
    );
    expect(await screen.findByText('已补打 1 次')).toBeTruthy();
    expect(screen.getByText('客服小王')).toBeTruthy();
    jest.mocked(getCertificate).mockResolvedValue({ ...DETAIL, printCount: 2 });
    fireEvent.click(button('补打证书'));
    await waitFor(() => expect(reprintCertificate).toHaveBeenCalledWith(41));
    await waitFor(() =>
      expect(saveBlobAs).toHaveBeenCalledWith(expect.any(Blob), '证书2025K7Q9M2XH4TZR.pdf'),
    );
    expect(await screen.findByText('已补打 2 次')).toBeTruthy();
  });

  it("opens the certificate of ?id=; one its abilities refuse is not reprinted, with the server's reason", async () => {
    jest.mocked(getCertificate).mockResolvedValue({
      ...DETAIL,
      status: 'DISABLED',
      abilities: { ...DETAIL.abilities, canReprint: false, reprintRefusal: '证书已停用，不能补打' },
    });
    renderScreen(<CertificatePrintPage />, PRINT, '/train-manage/second-certificate-print?id=41');
    expect(await screen.findByText('证书已停用，不能补打')).toBeTruthy();
    expect(getCertificate).toHaveBeenCalledWith(41);
    expect(button('补打证书').disabled).toBe(true);
  });

  it('keeps the count when the reprint is refused', async () => {
    jest
      .mocked(reprintCertificate)
      .mockRejectedValue(new ApiError({ kind: 'error', code: -1, message: '证书已停用，不能补打' }));
    renderScreen(<CertificatePrintPage />, PRINT, '/train-manage/second-certificate-print?id=41');
    await screen.findByText('已补打 1 次');
    fireEvent.click(button('补打证书'));
    await waitFor(() => expect(reprintCertificate).toHaveBeenCalled());
    expect(saveBlobAs).not.toHaveBeenCalled();
    expect(screen.getByText('已补打 1 次')).toBeTruthy();
  });
});
