import {
  CERTIFICATE_KIND_LABELS,
  type CertificateItem,
  type MyCertificates,
  type MyCertificateView,
  SKILL_LEVEL_LABELS,
} from '@px/api/contract';
import { useCallback, useEffect, useState } from 'react';
import { Button, Loading, Popup, PullRefresh, Tag, Toast } from 'react-vant';
import { createDocumentLink } from '../../../api/document-link';
import { downloadMyCertificate, listMyCertificates, viewMyCertificate } from '../../../api/my-certificate';
import {
  CertificateSnapshotCells,
  CertificateStateTag,
} from '../../../components/certificate/CertificateSnapshot';
import { type StudentDocument, useDocumentOpener } from '../../../components/document-viewer/DocumentViewer';
import { EmptyState } from '../../../components/EmptyState';
import { FeedPending } from '../../../components/FeedPending';
import { messageOf, useRemote } from '../../../hooks/useRemote';
import { useSubmitLock } from '../../../hooks/useSubmitLock';
import { isWechatBrowser } from '../../../wechat/is-wechat-browser';

/** The file a downloaded certificate is saved as. */
export const certificateFileName = (certificate: Pick<CertificateItem, 'certificateNo'>) =>
  `证书${certificate.certificateNo}.pdf`;

/** A certificate's PDF as a document to open (inside WeChat: a picture to long-press). */
function certificateDocument(certificate: CertificateItem): StudentDocument {
  return {
    title: '证书',
    fileName: certificateFileName(certificate),
    load: () => downloadMyCertificate(certificate.id),
    link: async () => (await createDocumentLink('CERTIFICATE', certificate.id)).path,
  };
}

/**
 * One certificate: its class (or year; skill and level), type, state, hours and date; 查看 and 下载
 * (保存 inside WeChat: the certificate shown as a picture to long-press, with 复制链接).
 */
function CertificateCard({
  certificate,
  onView,
  onOpen,
}: {
  certificate: CertificateItem;
  onView: (certificate: CertificateItem) => void;
  onOpen: (document: StudentDocument) => Promise<void>;
}) {
  const { submitting, run } = useSubmitLock();
  const download = () => void run(() => onOpen(certificateDocument(certificate)));
  return (
    <li className="my-card" aria-label={`证书 ${certificate.certificateNo}`}>
      <div className="my-card__head">
        <h3 className="my-card__title">
          {certificate.kind === 'SKILL' ? certificate.skillName : certificate.className}
        </h3>
        <CertificateStateTag status={certificate.status} />
      </div>
      <p className="my-card__meta">
        <Tag plain type="primary">
          {CERTIFICATE_KIND_LABELS[certificate.kind]}
        </Tag>{' '}
        {certificate.kind === 'SKILL' && certificate.skillLevel
          ? `${SKILL_LEVEL_LABELS[certificate.skillLevel]} · 考核 ${certificate.assessDate} · 发证 ${certificate.issueDate}`
          : `${certificate.year}年度 · 总学时 ${certificate.totalHours} · 发证 ${certificate.issueDate}`}
      </p>
      <p className="my-card__meta">证书编号 {certificate.certificateNo}</p>
      <div className="my-card__actions">
        <Button size="small" round plain type="primary" onClick={() => onView(certificate)}>
          查看
        </Button>
        <Button size="small" round type="primary" loading={submitting} onClick={download}>
          {isWechatBrowser() ? '保存' : '下载'}
        </Button>
      </div>
    </li>
  );
}

/** The certificate in a popup: what it says, its number and code, and its QR code to the public query. */
function CertificateViewPopup({
  certificateId,
  onClose,
}: {
  certificateId: number | null;
  onClose: () => void;
}) {
  const [state, setState] = useState<
    | { status: 'loading' }
    | { status: 'ready'; view: MyCertificateView }
    | { status: 'error'; message: string }
  >({ status: 'loading' });
  useEffect(() => {
    if (certificateId === null) return;
    let current = true;
    setState({ status: 'loading' });
    viewMyCertificate(certificateId).then(
      (view) => current && setState({ status: 'ready', view }),
      (error) => current && setState({ status: 'error', message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [certificateId]);
  return (
    <Popup
      visible={certificateId !== null}
      onClose={onClose}
      position="bottom"
      round
      closeable
      title="证书详情"
      className="my-popup"
      style={{ maxHeight: '90%' }}
    >
      {state.status === 'loading' && (
        <div className="my-list__state">
          <Loading>加载中…</Loading>
        </div>
      )}
      {state.status === 'error' && <EmptyState kind="error" description={state.message} />}
      {state.status === 'ready' && (
        <section aria-label="证书内容">
          <div className="certificate-qr">
            <img className="certificate-qr__image" src={state.view.qrCode} alt="证书查验二维码" />
            <p className="certificate-qr__hint">扫码或在证书查询页输入验证码 {state.view.verifyCode} 查验</p>
          </div>
          <CertificateSnapshotCells certificate={state.view} certificateNo={state.view.certificateNo} />
        </section>
      )}
    </Popup>
  );
}

/**
 * The hub's 我的证书 tab: the student's class and year certificates as the project shows them
 * (`hideClassCertificate` / `hideYearCertificate`) and their skill certificates (always shown), each with 查看 (a popup with the snapshot and QR
 * code) and 下载 (the PDF); pull to refresh.
 */
export function MyCertificatesTab() {
  const { state, reload, refresh } = useRemote<MyCertificates>(listMyCertificates);
  const [viewing, setViewing] = useState<number | null>(null);
  const documents = useDocumentOpener();
  const onRefresh = useCallback(
    () => refresh().catch((error: unknown) => void Toast.fail(messageOf(error))),
    [refresh],
  );

  let body: JSX.Element;
  if (state.status !== 'ready')
    body = <FeedPending state={state} onRetry={reload} loadingClassName="my-list__state" compact small />;
  else if (state.value.hiddenKinds.length === 2 && state.value.list.length === 0)
    body = <EmptyState description="证书查看暂未开放" />;
  else if (state.value.list.length === 0)
    body = <EmptyState description="暂无证书，班级考核合格后将自动发放" />;
  else
    body = (
      <ul className="my-list">
        {state.value.list.map((certificate) => (
          <CertificateCard
            key={certificate.id}
            certificate={certificate}
            onView={(item) => setViewing(item.id)}
            onOpen={documents.open}
          />
        ))}
      </ul>
    );

  return (
    <>
      <PullRefresh onRefresh={onRefresh}>
        <div className="my-list__body">{body}</div>
      </PullRefresh>
      <CertificateViewPopup certificateId={viewing} onClose={() => setViewing(null)} />
      {documents.viewer}
    </>
  );
}
