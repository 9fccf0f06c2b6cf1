import {
  INVOICE_KIND_LABEL,
  INVOICE_STATUS_LABEL,
  INVOICE_TITLE_TYPE_LABEL,
  type InvoiceDetail,
  type InvoiceLogSource,
} from '@px/api/contract';
import { formatDateTime, formatFen } from '@px/config';
import { Descriptions, Drawer, Spin, Timeline } from 'antd';
import { useEffect, useState } from 'react';
import { getInvoice } from '../../../api/invoice';
import { RowsTable } from '../../../components/RowsTable';

const SOURCE_LABEL: Readonly<Record<InvoiceLogSource, string>> = {
  STUDENT: '学员',
  STAFF: '工作人员',
  PLATFORM: '发票平台',
  SWEEP: '定时查询',
  SYSTEM: '系统',
};

/** 详情 of an invoice: title, amounts, numbers, its orders and its history. */
export function InvoiceDetailDrawer({
  invoiceId,
  onClose,
}: {
  invoiceId: number | null;
  onClose: () => void;
}) {
  const [detail, setDetail] = useState<InvoiceDetail | null>(null);
  useEffect(() => {
    setDetail(null);
    if (invoiceId === null) return;
    let live = true;
    getInvoice(invoiceId)
      .then((value) => live && setDetail(value))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [invoiceId]);
  return (
    <Drawer open={invoiceId !== null} onClose={onClose} title="发票详情" width={720}>
      {!detail ? (
        <Spin />
      ) : (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="类型">{INVOICE_KIND_LABEL[detail.kind]}</Descriptions.Item>
            <Descriptions.Item label="状态">{INVOICE_STATUS_LABEL[detail.status]}</Descriptions.Item>
            <Descriptions.Item label="抬头">
              {detail.title}（{INVOICE_TITLE_TYPE_LABEL[detail.titleType]}）
            </Descriptions.Item>
            <Descriptions.Item label="纳税人识别号">{detail.taxNo ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="邮箱">{detail.email ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="金额">{formatFen(detail.amount)}</Descriptions.Item>
            <Descriptions.Item label="发票号码">{detail.invoiceNumber ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="开票时间">
              {detail.issuedAt ? formatDateTime(detail.issuedAt) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="红字发票号码">{detail.redInvoiceNumber ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="红冲原因">{detail.redReason ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="请求号">{detail.requestNo}</Descriptions.Item>
            <Descriptions.Item label="备注">{detail.remark ?? '—'}</Descriptions.Item>
          </Descriptions>
          <h4 style={{ marginTop: 16 }}>开票订单</h4>
          <RowsTable
            rowKey="orderId"
            dataSource={detail.orders}
            columns={[
              { title: '订单号', dataIndex: 'orderNo' },
              { title: '学员', dataIndex: 'studentName' },
              { title: '班级', key: 'classes', render: (_v, order) => order.classNames.join('、') },
              {
                title: '开票金额',
                dataIndex: 'amount',
                align: 'right',
                render: (fen: number) => formatFen(fen),
              },
            ]}
          />
          <h4 style={{ marginTop: 16 }}>状态记录</h4>
          <Timeline
            items={detail.logs.map((log) => ({
              children: `${formatDateTime(log.createdAt)} ${SOURCE_LABEL[log.source]}${log.actorName ? ` ${log.actorName}` : ''}：${
                log.fromStatus ? `${INVOICE_STATUS_LABEL[log.fromStatus]} → ` : ''
              }${INVOICE_STATUS_LABEL[log.toStatus]}${log.reason ? `（${log.reason}）` : ''}`,
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
