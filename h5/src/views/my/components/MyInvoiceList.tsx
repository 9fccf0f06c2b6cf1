import { INVOICE_STATUS_LABEL, type InvoiceStatus, type InvoiceView } from '@px/api/contract';
import { formatDateTime, formatFen } from '@px/config';
import { useCallback, useState } from 'react';
import { Button, PullRefresh, Tag, type TagProps } from 'react-vant';
import { createDocumentLink } from '../../../api/document-link';
import { downloadMyInvoice, listMyInvoices } from '../../../api/invoice';
import { type StudentDocument, useDocumentOpener } from '../../../components/document-viewer/DocumentViewer';
import { EmptyState } from '../../../components/EmptyState';
import { usePagedFeed } from '../../../hooks/usePagedFeed';
import { useSubmitLock } from '../../../hooks/useSubmitLock';
import { isWechatBrowser } from '../../../wechat/is-wechat-browser';
import { InvoiceApplyPopup, type InvoiceApplyTarget } from './InvoiceApplyPopup';

const STATUS_TAG: Readonly<Record<InvoiceStatus, TagProps['type']>> = {
  PENDING: 'warning',
  ISSUING: 'primary',
  ISSUED: 'success',
  FAILED: 'danger',
  REJECTED: 'danger',
  CANCELLED: 'default',
  RED_ISSUING: 'warning',
  REVERSED: 'default',
};

import { FeedBody } from './FeedBody';

/** An invoice's PDF (or its red reversal's) as a document to open. */
function invoiceDocument(invoice: InvoiceView, red: boolean): StudentDocument {
  const name = red ? '红字发票' : '发票';
  return {
    title: name,
    fileName: `${name}-${red ? invoice.redInvoiceNumber : invoice.invoiceNumber}.pdf`,
    load: () => downloadMyInvoice(invoice.id, red),
    link: async () => (await createDocumentLink(red ? 'RED_INVOICE' : 'INVOICE', invoice.id)).path,
  };
}

/**
 * One invoice: title, state, amount, orders; 下载发票 once issued (查看发票 inside WeChat, which shows
 * it in the page); after 已驳回 / 开票失败 the reason, and 重新申请 when its abilities allow it, else
 * why not (e.g. a refund application of the order is open). The server judges again when tapped.
 */
function InvoiceCard({
  invoice,
  onAgain,
  onOpen,
}: {
  invoice: InvoiceView;
  onAgain: (target: InvoiceApplyTarget) => void;
  onOpen: (document: StudentDocument) => Promise<void>;
}) {
  const { submitting, run } = useSubmitLock();
  const verb = isWechatBrowser() ? '查看' : '下载';
  const download = (red: boolean) => void run(() => onOpen(invoiceDocument(invoice, red)));
  const why =
    invoice.status === 'REJECTED'
      ? invoice.rejectReason
      : invoice.status === 'FAILED'
        ? invoice.failure
        : null;
  return (
    <li className="my-card" aria-label={`发票 ${invoice.title}`}>
      <div className="my-card__head">
        <span className="my-card__order-no">{invoice.title}</span>
        <Tag type={STATUS_TAG[invoice.status]} plain={STATUS_TAG[invoice.status] === 'default'}>
          {INVOICE_STATUS_LABEL[invoice.status]}
        </Tag>
      </div>
      <div className="my-card__meta">
        {invoice.orders.map((order) => `订单 ${order.orderNo}：${order.classNames.join('、')}`).join('；')}
      </div>
      {invoice.invoiceNumber && <div className="my-card__meta">发票号码 {invoice.invoiceNumber}</div>}
      {invoice.redInvoiceNumber && (
        <div className="my-card__meta">红字发票号码 {invoice.redInvoiceNumber}</div>
      )}
      {why && <div className="my-card__meta my-card__warn">原因：{why}</div>}
      <div className="my-card__foot">
        <span className="my-card__meta">申请于 {formatDateTime(invoice.createdAt, 'YYYY-MM-DD HH:mm')}</span>
        <span>
          金额 <strong className="my-card__amount">{formatFen(invoice.amount)}</strong>
        </span>
      </div>
      {(invoice.hasPdf || invoice.abilities.canReapply) && (
        <div className="my-card__actions">
          {invoice.status === 'REVERSED' && (
            <Button size="small" round plain loading={submitting} onClick={() => download(true)}>
              {verb}红字发票
            </Button>
          )}
          {invoice.hasPdf && (
            <Button size="small" round type="primary" loading={submitting} onClick={() => download(false)}>
              {verb}发票
            </Button>
          )}
          {invoice.abilities.canReapply && (
            <Button
              size="small"
              round
              type="primary"
              onClick={() =>
                onAgain({
                  kind: 'again',
                  invoiceId: invoice.id,
                  amount: invoice.amount,
                  previous: {
                    titleType: invoice.titleType,
                    title: invoice.title,
                    taxNo: invoice.taxNo ?? '',
                    email: invoice.email ?? '',
                  },
                })
              }
            >
              重新申请
            </Button>
          )}
        </div>
      )}
      {why && !invoice.abilities.canReapply && invoice.abilities.reapplyRefusal && (
        <div className="my-card__refusal">{`不能重新申请：${invoice.abilities.reapplyRefusal}`}</div>
      )}
    </li>
  );
}

/** 我的发票: the student's invoice applications (`invoice/my-list`), newest first, with their states and PDFs. */
export function MyInvoiceList() {
  const load = useCallback((pageNum: number) => listMyInvoices(pageNum), []);
  const feed = usePagedFeed(load);
  const { state } = feed;
  const [again, setAgain] = useState<InvoiceApplyTarget | null>(null);
  const documents = useDocumentOpener();

  const body = (
    <FeedBody
      feed={feed}
      empty={<EmptyState description="暂无发票，可在已支付的订单上申请发票" />}
      renderItem={(invoice) => (
        <InvoiceCard key={invoice.id} invoice={invoice} onAgain={setAgain} onOpen={documents.open} />
      )}
    />
  );
  return (
    <>
      <PullRefresh onRefresh={feed.refresh} disabled={state.status === 'loading'}>
        <div className="my-list__body">{body}</div>
      </PullRefresh>
      <InvoiceApplyPopup
        target={again}
        onClose={() => setAgain(null)}
        onSaved={() => {
          setAgain(null);
          void feed.refresh().catch(() => undefined);
        }}
      />
      {documents.viewer}
    </>
  );
}
