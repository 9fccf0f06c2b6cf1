import { saveBlobAs } from '@px/config/save-blob';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import copy from 'copy-to-clipboard';
import { Dialog } from 'react-vant';
import { fakeUserAgent, muteToast, WECHAT_UA } from '../../testing/fixtures';
import { type StudentDocument, useDocumentOpener } from './DocumentViewer';
import { renderPdfPages } from './pdf-pages';

jest.mock('./pdf-pages', () => ({ renderPdfPages: jest.fn() }));
jest.mock('copy-to-clipboard', () => ({ __esModule: true, default: jest.fn() }));
jest.mock('@px/config/save-blob', () => ({ saveBlobAs: jest.fn() }));

const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
const renderPages = jest.mocked(renderPdfPages);
const copyMock = jest.mocked(copy);

function buildDocument(overrides: Partial<StudentDocument> = {}): StudentDocument {
  return {
    title: '证书',
    fileName: '证书2025K7Q9M2XH4TZR.pdf',
    load: jest.fn(() => Promise.resolve(pdf)),
    link: jest.fn(() => Promise.resolve('/api/document-link/open.action?t=1.9.C.41.1767000000.abc')),
    ...overrides,
  };
}

/** A page that opens one document with the opener, as the certificate and invoice lists do. */
function Opener({ document }: { document: StudentDocument }) {
  const { open, viewer } = useDocumentOpener();
  return (
    <>
      <button type="button" onClick={() => void open(document)}>
        打开
      </button>
      {viewer}
    </>
  );
}

let createObjectURL: jest.SpyInstance;
let restoreAgent: () => void = () => undefined;
beforeEach(() => {
  renderPages.mockReset().mockResolvedValue([new Blob(['page-1']), new Blob(['page-2'])]);
  copyMock.mockReset().mockResolvedValue(true);
  jest.mocked(saveBlobAs).mockReset();
  let next = 0;
  URL.createObjectURL = jest.fn();
  URL.revokeObjectURL = jest.fn();
  createObjectURL = jest.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:page-${++next}`);
});
afterEach(() => {
  restoreAgent();
  restoreAgent = () => undefined;
  createObjectURL.mockRestore();
});

describe('useDocumentOpener', () => {
  it('downloads the PDF outside WeChat, as before', async () => {
    const document = buildDocument();
    render(<Opener document={document} />);
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    await waitFor(() => expect(saveBlobAs).toHaveBeenCalledWith(pdf, '证书2025K7Q9M2XH4TZR.pdf'));
    expect(renderPages).not.toHaveBeenCalled();
    expect(screen.queryByText('复制链接')).toBeNull();
  });

  it('inside WeChat shows each page as a picture to long-press, and copies a link for the browser', async () => {
    restoreAgent = fakeUserAgent(WECHAT_UA);
    const success = muteToast('success');
    try {
      const document = buildDocument();
      render(<Opener document={document} />);
      fireEvent.click(screen.getByRole('button', { name: '打开' }));
      const first = await screen.findByRole('img', { name: '证书 第 1 页' });
      expect(first.getAttribute('src')).toBe('blob:page-1');
      expect(screen.getByRole('img', { name: '证书 第 2 页' })).toBeTruthy();
      expect(screen.getByText('长按图片可保存到手机')).toBeTruthy();
      expect(saveBlobAs).not.toHaveBeenCalled();
      expect(renderPages).toHaveBeenCalledWith(pdf, expect.any(Number));

      fireEvent.click(screen.getByRole('button', { name: '复制链接' }));
      await waitFor(() =>
        expect(copyMock).toHaveBeenCalledWith(
          `${window.location.origin}/api/document-link/open.action?t=1.9.C.41.1767000000.abc`,
        ),
      );
      expect(success).toHaveBeenCalledWith('链接已复制，请在浏览器中粘贴打开（30 分钟内有效）');
    } finally {
      success.mockRestore();
    }
  });

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    restoreAgent = fakeUserAgent(WECHAT_UA);
    copyMock.mockResolvedValue(false);
    const alert = jest.spyOn(Dialog, 'alert').mockResolvedValue(undefined as never);
    try {
      render(<Opener document={buildDocument()} />);
      fireEvent.click(screen.getByRole('button', { name: '打开' }));
      await screen.findByRole('img', { name: '证书 第 1 页' });
      fireEvent.click(screen.getByRole('button', { name: '复制链接' }));
      await waitFor(() =>
        expect(alert).toHaveBeenCalledWith({
          title: '请复制链接后在浏览器中打开',
          message: `${window.location.origin}/api/document-link/open.action?t=1.9.C.41.1767000000.abc`,
        }),
      );
    } finally {
      alert.mockRestore();
    }
  });

  it('says why a document cannot be shown and tries again', async () => {
    restoreAgent = fakeUserAgent(WECHAT_UA);
    renderPages.mockRejectedValueOnce(new Error('文件已损坏'));
    render(<Opener document={buildDocument()} />);
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    expect(await screen.findByText('文件已损坏')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    });
    expect(await screen.findByRole('img', { name: '证书 第 1 页' })).toBeTruthy();
  });
});
