import { saveBlobAs } from '@px/config/save-blob';
import copy from 'copy-to-clipboard';
import { useCallback, useEffect, useState } from 'react';
import { Button, Dialog, Loading, Popup, Toast } from 'react-vant';
import { messageOf } from '../../hooks/useRemote';
import { useSubmitLock } from '../../hooks/useSubmitLock';
import { isWechatBrowser } from '../../wechat/is-wechat-browser';
import { EmptyState } from '../EmptyState';
import { renderPdfPages } from './pdf-pages';
import './document-viewer.css';

/** A document of the student (a certificate, an invoice, later an admission ticket) as a PDF. */
export interface StudentDocument {
  /** What the viewer is titled, e.g. 结业证书. */
  title: string;
  /** The name it is saved under outside WeChat. */
  fileName: string;
  /** Reads the PDF. Rejects with an ApiError (shown by the request client). */
  load: () => Promise<Blob>;
  /** A signed path of the site that opens the PDF in any browser (`document-link/create`). */
  link: () => Promise<string>;
}

type ViewerState =
  | { status: 'loading' }
  | { status: 'ready'; pages: string[] }
  | { status: 'error'; message: string };

/** The pages are drawn as wide as the screen (less the sheet's margins), at most 750 px. */
const pageWidth = () => Math.min(750, Math.max(280, (globalThis.innerWidth || 375) - 32));

/**
 * A PDF shown inside the page, for browsers that do not download files (WeChat's): each page as a
 * picture the student can long-press to save (a certificate is one page), and 复制链接, which copies a
 * signed link to open the PDF in another browser (shown in a dialog to copy by hand when the
 * clipboard refuses). Nothing shows while `document` is null.
 */
export function DocumentViewer({
  document,
  onClose,
}: {
  document: StudentDocument | null;
  onClose: () => void;
}) {
  const [state, setState] = useState<ViewerState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const linking = useSubmitLock();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry
  useEffect(() => {
    if (!document) return undefined;
    let current = true;
    let urls: string[] = [];
    setState({ status: 'loading' });
    document
      .load()
      .then((pdf) => renderPdfPages(pdf, pageWidth()))
      .then(
        (pages) => {
          urls = pages.map((page) => URL.createObjectURL(page));
          if (current) setState({ status: 'ready', pages: urls });
          else for (const url of urls) URL.revokeObjectURL(url);
        },
        (error: unknown) => current && setState({ status: 'error', message: messageOf(error) }),
      );
    return () => {
      current = false;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [document, attempt]);

  const copyLink = () =>
    void linking
      .run(async () => {
        if (!document) return;
        const url = `${globalThis.location.origin}${await document.link()}`;
        if (await copy(url)) Toast.success('链接已复制，请在浏览器中粘贴打开（30 分钟内有效）');
        else void Dialog.alert({ title: '请复制链接后在浏览器中打开', message: url });
      })
      .catch(() => undefined);

  return (
    <Popup
      visible={document !== null}
      position="bottom"
      round
      closeable
      title={document?.title}
      onClose={onClose}
      className="document-viewer"
      destroyOnClose
    >
      <div className="document-viewer__body">
        {state.status === 'loading' && (
          <div className="document-viewer__state">
            <Loading>正在打开…</Loading>
          </div>
        )}
        {state.status === 'error' && (
          <EmptyState kind="error" description={state.message}>
            <Button round size="small" type="primary" onClick={() => setAttempt((count) => count + 1)}>
              重新加载
            </Button>
          </EmptyState>
        )}
        {state.status === 'ready' && (
          <>
            <p className="document-viewer__hint">长按图片可保存到手机</p>
            {state.pages.map((url, index) => (
              <img
                key={url}
                className="document-viewer__page"
                src={url}
                alt={`${document?.title ?? '文件'} 第 ${index + 1} 页`}
              />
            ))}
          </>
        )}
      </div>
      <div className="document-viewer__actions">
        <Button round block plain type="primary" loading={linking.submitting} onClick={copyLink}>
          复制链接
        </Button>
        <p className="document-viewer__note">微信内不能下载文件，可复制链接到浏览器中打开并下载</p>
      </div>
    </Popup>
  );
}

/**
 * Opens a student's document the way the browser allows: outside WeChat it downloads the PDF
 * (`saveBlobAs`); inside WeChat, whose browser blocks downloads, it shows the DocumentViewer. Render
 * `viewer` once in the page. `open` resolves once the download was offered or the viewer shown;
 * a failed download was shown by the request client.
 */
export function useDocumentOpener(): {
  open: (document: StudentDocument) => Promise<void>;
  viewer: JSX.Element;
} {
  const [shown, setShown] = useState<StudentDocument | null>(null);
  const open = useCallback(async (document: StudentDocument) => {
    if (isWechatBrowser()) {
      setShown(document);
      return;
    }
    try {
      saveBlobAs(await document.load(), document.fileName);
    } catch {
      // The request client has shown why.
    }
  }, []);
  return { open, viewer: <DocumentViewer document={shown} onClose={() => setShown(null)} /> };
}
