import type { CertificateField } from '@px/api/contract';
import {
  deleteCertificateTemplate,
  fetchCertificateBackground,
  getCertificateTemplate,
  listCertificateTemplates,
  saveCertificateTemplate,
  setCertificateTemplateStatus,
  uploadCertificateBackground,
} from './certificate';
import { request } from './request';

jest.mock('./request', () => ({ request: jest.fn(() => Promise.resolve(null)) }));

const requestMock = jest.mocked(request);

beforeEach(() => requestMock.mockClear());

const posted = (url: string, data: object) =>
  expect(requestMock).toHaveBeenLastCalledWith({ url, method: 'post', data });

describe('certificate template calls', () => {
  it('post their inputs in the body', async () => {
    await listCertificateTemplates({ pageNum: 2, pageSize: 10, name: '结业', status: 'ENABLED' });
    posted('/certificate/template-page.action', {
      pageNum: 2,
      pageSize: 10,
      name: '结业',
      status: 'ENABLED',
    });
    await getCertificateTemplate(3);
    posted('/certificate/template-get.action', { id: 3 });
    const field: CertificateField = {
      key: 'studentName',
      x: 1,
      y: 2,
      width: 100,
      fontSize: 20,
      color: '#000000',
      bold: true,
      align: 'center',
    };
    const payload = { id: 3, name: '证书', width: 1123, height: 794, backgroundImage: 'k', fields: [field] };
    await saveCertificateTemplate(payload);
    posted('/certificate/template-save.action', payload);
    await setCertificateTemplateStatus(3, 'DISABLED');
    posted('/certificate/template-status.action', { id: 3, status: 'DISABLED' });
    await deleteCertificateTemplate(3);
    posted('/certificate/template-delete.action', { id: 3 });
  });

  it('uploads the background as multipart `file` and reads it back as a blob', async () => {
    const file = new Blob(['png'], { type: 'image/png' });
    await uploadCertificateBackground(file, 'bg.png');
    const call = requestMock.mock.lastCall?.[0];
    expect(call).toMatchObject({ url: '/certificate/template-upload-background.action', method: 'post' });
    expect((call?.data as FormData | undefined)?.get('file')).toBeInstanceOf(Blob);
    await fetchCertificateBackground('certificate-templates/1/a.png', { quiet: true });
    expect(requestMock).toHaveBeenLastCalledWith(
      {
        url: '/certificate/template-background.action',
        method: 'get',
        params: { key: 'certificate-templates/1/a.png' },
        responseType: 'blob',
      },
      { quiet: true },
    );
  });
});
