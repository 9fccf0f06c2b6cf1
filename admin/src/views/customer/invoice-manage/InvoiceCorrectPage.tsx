import { INVOICE_STATUS_LABEL, INVOICE_TITLE_TYPE_LABEL, type InvoiceRow } from '@px/api/contract';
import { formatFen } from '@px/config';
import { Button, Form, Input, message, Radio } from 'antd';
import { useState } from 'react';
import { correctInvoice, listInvoices } from '../../../api/invoice';
import { FormModal } from '../../../components/FormModal';
import type { ListColumn } from '../../../components/ListTable';
import { ListPage } from '../../../components/list-page/ListPage';
import { useListCall } from '../../../components/list-page/list-call';
import { actionsColumn, DetailAction } from '../../../components/RowActions';
import { dateTimeColumn, LIST_TIME, tagColumn } from '../../../components/table-columns';
import { required } from '../../../utils/form-rules';
import { InvoiceDetailDrawer } from '../../invoice-manage/components/InvoiceDetailDrawer';
import { INVOICE_STATUS_COLOR, INVOICE_TEXT_FILTERS } from '../../invoice-manage/invoice-meta';

/** States whose title may still be corrected (not yet issued). */
const CORRECTABLE = new Set(['PENDING', 'REJECTED', 'FAILED']);

interface CorrectForm {
  titleType: 'PERSONAL' | 'COMPANY';
  title: string;
  taxNo?: string;
  email: string;
  reason: string;
}

/** The correction of one application: its title, taxpayer number and e-mail, and why. */
function CorrectModal({
  invoice,
  onClose,
  onDone,
}: {
  invoice: InvoiceRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<CorrectForm>();
  return (
    <FormModal<CorrectForm>
      open={invoice !== null}
      title="纠正发票信息"
      okText="确定"
      name="invoice-correct"
      form={form}
      destroyOnHidden
      values={
        invoice
          ? {
              titleType: invoice.titleType,
              title: invoice.title,
              taxNo: invoice.taxNo ?? '',
              email: invoice.email ?? '',
              reason: '',
            }
          : undefined
      }
      onClose={onClose}
      onSubmit={async (values) => {
        if (!invoice) return;
        await correctInvoice({
          id: invoice.id,
          ...values,
          taxNo: values.titleType === 'COMPANY' ? values.taxNo : '',
        });
        void message.success('已纠正');
        onDone();
      }}
    >
      <Form.Item name="titleType" label="抬头类型">
        <Radio.Group
          options={(['PERSONAL', 'COMPANY'] as const).map((value) => ({
            value,
            label: INVOICE_TITLE_TYPE_LABEL[value],
          }))}
        />
      </Form.Item>
      <Form.Item name="title" label="发票抬头" rules={[required('请填写发票抬头')]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(prev, next) => prev.titleType !== next.titleType}>
        {() =>
          form.getFieldValue('titleType') === 'COMPANY' && (
            <Form.Item name="taxNo" label="纳税人识别号" rules={[required('请填写纳税人识别号')]}>
              <Input maxLength={20} />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item
        name="email"
        label="接收邮箱"
        rules={[{ required: true, type: 'email', message: '请填写正确的邮箱' }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="reason" label="纠正原因" rules={[required('请填写纠正原因')]}>
        <Input.TextArea maxLength={200} rows={2} showCount />
      </Form.Item>
    </FormModal>
  );
}

/**
 * 发票纠正 (数据纠正): the project's invoices by title, number, order or student; 纠正 corrects the
 * title of one not yet issued (logged with the reason), 详情 shows its history. Issuing stays in
 * 发票管理.
 */
export function InvoiceCorrectPage() {
  const list = useListCall('invoice/page', listInvoices);
  const [editing, setEditing] = useState<InvoiceRow | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const columns: ListColumn<InvoiceRow>[] = [
    {
      title: '抬头',
      key: 'title',
      width: 170,
      ellipsis: false,
      render: (_v, invoice) => (
        <>
          <div>{invoice.title}</div>
          {invoice.taxNo && <div style={{ fontSize: 12, color: '#888' }}>{invoice.taxNo}</div>}
        </>
      ),
    },
    { title: '邮箱', dataIndex: 'email', width: 160 },
    {
      title: '学员 / 单位',
      key: 'who',
      width: 100,
      render: (_v, invoice) => invoice.studentName ?? invoice.unitName ?? '—',
    },
    {
      title: '订单',
      key: 'orders',
      width: 180,
      ellipsis: false,
      render: (_v, invoice) =>
        invoice.orders.slice(0, 3).map((order) => (
          <div key={order.orderId} style={{ fontSize: 12 }}>
            {order.orderNo}
          </div>
        )),
    },
    {
      title: '金额',
      dataIndex: 'amount',
      width: 100,
      align: 'right',
      render: (fen: number) => formatFen(fen),
    },
    tagColumn<InvoiceRow, InvoiceRow['status']>(
      '状态',
      'status',
      96,
      INVOICE_STATUS_LABEL,
      INVOICE_STATUS_COLOR,
    ),
    { ...dateTimeColumn<InvoiceRow>('申请时间', 'createdAt', 140, LIST_TIME), optional: 'hidden' },
    actionsColumn(110, (invoice) => (
      <>
        {CORRECTABLE.has(invoice.status) && (
          <Button type="link" size="small" onClick={() => setEditing(invoice)}>
            纠正
          </Button>
        )}
        <DetailAction onOpen={() => setDetailId(invoice.id)} />
      </>
    )),
  ];
  return (
    <ListPage
      title="发票纠正"
      list={list}
      name="invoice-correct-filters"
      filters={INVOICE_TEXT_FILTERS}
      columns={columns}
      columnsId="customer/invoice-manage"
    >
      <CorrectModal
        invoice={editing}
        onClose={() => setEditing(null)}
        onDone={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <InvoiceDetailDrawer invoiceId={detailId} onClose={() => setDetailId(null)} />
    </ListPage>
  );
}
