import { INVOICE_KIND_LABEL, INVOICE_STATUS_LABEL, type InvoiceRow } from '@px/api/contract';
import { formatFen } from '@px/config';
import { saveBlobAs } from '@px/config/save-blob';
import { Button, message, Space, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import {
  cancelInvoice,
  downloadInvoicePdf,
  markInvoice,
  openInvoice,
  redInvoice,
  refreshInvoice,
  rejectInvoice,
  remarkInvoice,
} from '../../../api/invoice';
import type { ListColumn } from '../../../components/ListTable';
import { DetailAction } from '../../../components/RowActions';
import { TextPrompt } from '../../../components/TextPrompt';
import { dateTimeColumn, LIST_TIME, LinesCell, Secondary } from '../../../components/table-columns';
import { useRowAction } from '../../../hooks/useRowAction';
import { INVOICE_STATUS_COLOR } from '../invoice-meta';
import { InvoiceDetailDrawer } from './InvoiceDetailDrawer';
import { MarkModal } from './InvoiceModals';

type Prompt =
  | { kind: 'reject' | 'cancel' | 'red' | 'remark'; invoice: InvoiceRow }
  | { kind: 'mark'; invoice: InvoiceRow };

const PROMPT: Record<'reject' | 'cancel' | 'red' | 'remark', { title: string; label: string; done: string }> =
  {
    reject: { title: '驳回开票申请', label: '驳回原因', done: '已驳回' },
    cancel: { title: '作废开票申请', label: '作废原因', done: '已作废' },
    red: { title: '红冲发票', label: '红冲原因', done: '已提交红冲' },
    remark: { title: '备注', label: '备注', done: '备注已保存' },
  };

/**
 * The columns of the invoice lists of 发票列表 and 集体发票 with their dialogs: title and kind, student
 * or unit, orders, amount, state with numbers and reasons, and per row the actions its state allows
 * (开票, 驳回, 作废, 标记已开, 刷新, 红冲, 下载 PDF, 备注, 详情); `readOnly` (a unit manager) keeps PDFs and
 * details. `reload` reads the list (and the statistics) again after a change. Every refusal comes
 * from the server and is shown by the client.
 */
export function useInvoiceColumns(
  reload: () => void,
  readOnly = false,
): { columns: ListColumn<InvoiceRow>[]; dialogs: ReactNode } {
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const { busy, run } = useRowAction<number>(reload);

  const act = (invoice: InvoiceRow, work: () => Promise<unknown>, done: string) =>
    run(invoice.id, work, done);
  const download = (invoice: InvoiceRow, red: boolean) =>
    act(
      invoice,
      async () =>
        saveBlobAs(
          await downloadInvoicePdf(invoice.id, red),
          `${red ? '红字发票' : '发票'}-${red ? invoice.redInvoiceNumber : invoice.invoiceNumber}.pdf`,
        ),
      '已下载',
    );

  const columns: ListColumn<InvoiceRow>[] = [
    {
      title: '抬头 / 类型',
      key: 'title',
      width: 160,
      ellipsis: false,
      render: (_v, invoice) => (
        <LinesCell main={invoice.title} lines={[INVOICE_KIND_LABEL[invoice.kind], invoice.taxNo]} />
      ),
    },
    {
      title: '学员 / 单位',
      key: 'who',
      width: 100,
      ellipsis: false,
      render: (_v, invoice) => (
        <LinesCell main={invoice.studentName ?? invoice.unitName ?? '—'} lines={[invoice.mobile]} />
      ),
    },
    {
      title: '订单',
      key: 'orders',
      width: 180,
      ellipsis: false,
      render: (_v, invoice) => (
        <>
          {invoice.orders.slice(0, 3).map((order) => (
            <div key={order.orderId}>
              <div>{order.classNames.join('、')}</div>
              <Secondary>{order.orderNo}</Secondary>
            </div>
          ))}
          {invoice.orders.length > 3 && <Secondary>{`等 ${invoice.orders.length} 个订单`}</Secondary>}
        </>
      ),
    },
    {
      title: '金额',
      dataIndex: 'amount',
      width: 100,
      align: 'right',
      render: (fen: number) => formatFen(fen),
    },
    {
      title: '状态',
      key: 'status',
      width: 190,
      ellipsis: false,
      render: (_v, invoice) => (
        <>
          <Tag color={INVOICE_STATUS_COLOR[invoice.status]}>{INVOICE_STATUS_LABEL[invoice.status]}</Tag>
          {invoice.marked && <Tag>线下开具</Tag>}
          {invoice.refundedSinceIssued && <Tag color="red">订单已退款，需红冲</Tag>}
          {invoice.invoiceNumber && <Secondary>{`号码 ${invoice.invoiceNumber}`}</Secondary>}
          {invoice.redInvoiceNumber && <Secondary>{`红字 ${invoice.redInvoiceNumber}`}</Secondary>}
          {invoice.status === 'REJECTED' && invoice.rejectReason && (
            <Secondary>{`驳回：${invoice.rejectReason}`}</Secondary>
          )}
          {invoice.failure && <Secondary>{invoice.failure}</Secondary>}
          {invoice.remark && <Secondary>{`备注：${invoice.remark}`}</Secondary>}
        </>
      ),
    },
    { ...dateTimeColumn<InvoiceRow>('申请时间', 'createdAt', 140, LIST_TIME), optional: 'hidden' },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_v, invoice) => {
        const loading = busy === invoice.id;
        const link = (label: string, onClick: () => void, danger = false) => (
          <Button key={label} type="link" size="small" danger={danger} loading={loading} onClick={onClick}>
            {label}
          </Button>
        );
        const s = invoice.status;
        if (readOnly)
          return (
            <Space size={0} wrap>
              {invoice.hasPdf && link('下载', () => void download(invoice, false))}
              {s === 'REVERSED' && link('红字PDF', () => void download(invoice, true))}
              <DetailAction onOpen={() => setDetailId(invoice.id)} />
            </Space>
          );
        return (
          <Space size={0} wrap>
            {s === 'PENDING' &&
              link('开票', () => void act(invoice, () => openInvoice(invoice.id), '已提交开票'))}
            {s === 'PENDING' && link('驳回', () => setPrompt({ kind: 'reject', invoice }), true)}
            {(s === 'PENDING' || s === 'FAILED') &&
              link('标记已开', () => setPrompt({ kind: 'mark', invoice }))}
            {(s === 'PENDING' || s === 'REJECTED' || s === 'FAILED') &&
              link('作废', () => setPrompt({ kind: 'cancel', invoice }), true)}
            {(s === 'ISSUING' || s === 'RED_ISSUING') &&
              link('刷新', () => void act(invoice, () => refreshInvoice(invoice.id), '已刷新'))}
            {s === 'ISSUED' &&
              !invoice.marked &&
              link('红冲', () => setPrompt({ kind: 'red', invoice }), true)}
            {invoice.hasPdf && link('下载', () => void download(invoice, false))}
            {s === 'REVERSED' && link('红字PDF', () => void download(invoice, true))}
            {link('备注', () => setPrompt({ kind: 'remark', invoice }))}
            <DetailAction onOpen={() => setDetailId(invoice.id)} />
          </Space>
        );
      },
    },
  ];

  const textPrompt = prompt && prompt.kind !== 'mark' ? PROMPT[prompt.kind] : null;
  const closePrompt = () => setPrompt(null);
  const runPrompt = async (text: string) => {
    if (!prompt || prompt.kind === 'mark') return;
    const { id } = prompt.invoice;
    if (prompt.kind === 'reject') await rejectInvoice(id, text);
    if (prompt.kind === 'cancel') await cancelInvoice(id, text);
    if (prompt.kind === 'red') await redInvoice(id, text);
    if (prompt.kind === 'remark') await remarkInvoice(id, text);
    void message.success(PROMPT[prompt.kind].done);
    closePrompt();
    reload();
  };

  const dialogs = (
    <>
      <TextPrompt
        open={textPrompt !== null}
        name="invoice-text-prompt"
        title={textPrompt?.title ?? ''}
        label={textPrompt?.label ?? ''}
        optional={prompt?.kind === 'remark'}
        initialValue={prompt?.kind === 'remark' ? (prompt.invoice.remark ?? '') : ''}
        onOk={runPrompt}
        onCancel={closePrompt}
      />
      <MarkModal
        open={prompt?.kind === 'mark'}
        onCancel={closePrompt}
        onOk={async (values) => {
          if (prompt?.kind !== 'mark') return;
          await markInvoice({ id: prompt.invoice.id, ...values });
          void message.success('已标记为已开票');
          closePrompt();
          reload();
        }}
      />
      <InvoiceDetailDrawer invoiceId={detailId} onClose={() => setDetailId(null)} />
    </>
  );
  return { columns, dialogs };
}
