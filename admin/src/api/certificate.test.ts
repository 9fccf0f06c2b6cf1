import type { CertificateField } from '@px/api/contract';
import { callUrl } from '@px/config';
import {
  deleteCertificateTemplate,
  fetchCertificateBackground,
  getCertificateTemplate,
  listCertificateTemplates,
  saveCertificateTemplate,
  setCertificateTemplateStatus,
  uploadCertificateBackground,
} from './certificate';
import { api } from './request';

jest.mock('./request', () => ({
  api: {
    call: jest.fn(() => Promise.resolve(null)),
    download: jest.fn(() => Promise.resolve(null)),
    upload: jest.fn(() => Promise.resolve(null)),
  },
}));

const callMock = jest.mocked(api.call);
const downloadMock = jest.mocked(api.download);
const uploadMock = jest.mocked(api.upload);
/** The URL of the last call of `mock` and what it sent (its body, then its options). */
const sent = (mock: { mock: { lastCall?: readonly unknown[] } } = callMock) => {
  const [key, ...rest] = mock.mock.lastCall ?? [];
  return [callUrl(String(key)), ...rest];
};

beforeEach(() => {
  callMock.mockClear();
  downloadMock.mockClear();
  uploadMock.mockClear();
});

describe('certificate template calls', () => {
  it('post their inputs in the body', async () => {
    await listCertificateTemplates({ pageNum: 2, pageSize: 10, name: '结业', status: 'ENABLED' });
    expect(sent()).toEqual([
      '/certificate/template-page.action',
      { pageNum: 2, pageSize: 10, name: '结业', status: 'ENABLED' },
    ]);
    await getCertificateTemplate(3);
    expect(sent()).toEqual(['/certificate/template-get.action', { id: 3 }]);
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
    expect(sent()).toEqual(['/certificate/template-save.action', payload]);
    await setCertificateTemplateStatus(3, 'DISABLED');
    expect(sent()).toEqual(['/certificate/template-status.action', { id: 3, status: 'DISABLED' }]);
    await deleteCertificateTemplate(3);
    expect(sent()).toEqual(['/certificate/template-delete.action', { id: 3 }]);
    expect(downloadMock).not.toHaveBeenCalled();
    expect(uploadMock).not.toHaveBeenCalled();
  });

  it('uploads the background as multipart `file` and reads it back as a blob', async () => {
    const file = new Blob(['png'], { type: 'image/png' });
    await uploadCertificateBackground(file, 'bg.png');
    expect(uploadMock).toHaveBeenCalledTimes(1);
    const [url, form] = sent(uploadMock);
    expect(url).toBe('/certificate/template-upload-background.action');
    const sentFile = (form as FormData).get('file');
    expect(sentFile).toBeInstanceOf(Blob);
    expect((sentFile as File).name).toBe('bg.png');
    await fetchCertificateBackground('certificate-templates/1/a.png', { quiet: true });
    expect(downloadMock).toHaveBeenCalledTimes(1);
    expect(sent(downloadMock)).toEqual([
      '/certificate/template-background.action',
      { key: 'certificate-templates/1/a.png' },
      { quiet: true },
    ]);
    expect(callMock).not.toHaveBeenCalled();
  });
});
