import SettingOutlined from '@ant-design/icons/SettingOutlined';
import {
  INVOICE_STATUS,
  INVOICE_STATUS_LABEL,
  type InvoiceStatistics,
  type InvoiceStatus,
} from '@px/api/contract';
import { formatFen } from '@px/config';
import { Button, Modal, message, Space, Statistic } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  batchOpenInvoices,
  exportInvoices,
  invoiceStatistics,
  listInvoices,
  redInvoices,
} from '../../../api/invoice';
import { ExportButton, ListPage } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { TextPrompt } from '../../../components/TextPrompt';
import { readChoiceParam } from '../../../utils/query-id';
import { InvoiceConfigModal } from '../components/InvoiceConfigModal';
import { useInvoiceColumns } from '../components/invoice-columns';
import { INVOICE_FILTERS, invoiceExportFileName } from '../invoice-meta';

/** The states the statistics strip shows. */
const SHOWN: readonly InvoiceStatus[] = ['PENDING', 'ISSUING', 'ISSUED', 'FAILED', 'REVERSED'];

/** The counts and amounts of the filtered invoices by state. */
export function InvoiceStatisticsStrip({
  filters,
  tick,
}: {
  filters: FiltersOf<'invoice/page'>;
  tick: number;
}) {
  const [stats, setStats] = useState<InvoiceStatistics | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the list is (tick).
  useEffect(() => {
    let live = true;
    invoiceStatistics(filters)
      .then((value) => live && setStats(value))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [filters, tick]);
  return (
    <Space size={32} wrap style={{ marginBottom: 16 }} aria-label="发票统计">
      <Statistic title="全部" value={stats?.total ?? 0} />
      {SHOWN.map((status) => (
        <Statistic
          key={status}
          title={INVOICE_STATUS_LABEL[status]}
          value={stats?.byStatus[status].count ?? 0}
          suffix={<span style={{ fontSize: 12 }}>{formatFen(stats?.byStatus[status].amount ?? 0)}</span>}
        />
      ))}
    </Space>
  );
}

/** 批量开票 and 批量红冲 of the chosen invoices, with what was refused and why. */
export function useBatchActions(reload: () => void, clear: () => void) {
  const [redOpen, setRedOpen] = useState(false);
  const report = (answer: { done: number[]; refused: { id: number; reason: string }[] }, verb: string) => {
    if (answer.refused.length === 0) void message.success(`已${verb} ${answer.done.length} 张`);
    else
      Modal.warning({
        title: `${verb}：成功 ${answer.done.length} 张，未处理 ${answer.refused.length} 张`,
        content: answer.refused.map((item) => `#${item.id}：${item.reason}`).join('\n'),
      });
    clear();
    reload();
  };
  return {
    redOpen,
    setRedOpen,
    open: async (ids: number[]) => {
      try {
        report(await batchOpenInvoices(ids), '提交开票');
      } catch {
        // Shown by the request client.
      }
    },
    red: async (ids: number[], reason: string) => {
      report(await redInvoices(ids, reason), '提交红冲');
      setRedOpen(false);
    },
  };
}

/**
 * 发票列表 (发票管理): the project's invoices with filters and statistics by state; per row 开票 through
 * the electronic-invoice platform, 驳回, 作废, 标记已开, 刷新, 红冲, PDF and 备注; 批量开票 and 批量红冲 of the
 * chosen rows, 导出 (.xlsx) and 开票设置 (the seller's details). `?status=PENDING` (home's 待办事项)
 * starts filtered.
 */
export function InvoiceListPage() {
  const [params] = useSearchParams();
  const [initial] = useState(() => ({ status: readChoiceParam(params.get('status'), INVOICE_STATUS) }));
  const list = useListCall('invoice/page', listInvoices, initial);
  const [tick, setTick] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const [configOpen, setConfigOpen] = useState(false);
  const reload = () => {
    list.reload();
    setTick((value) => value + 1);
  };
  const batch = useBatchActions(reload, () => setSelected([]));
  const invoices = useInvoiceColumns(reload);

  return (
    <ListPage
      title="发票列表"
      above={<InvoiceStatisticsStrip filters={list.filters} tick={tick} />}
      list={list}
      name="invoice-filters"
      filters={INVOICE_FILTERS}
      columns={invoices.columns}
      columnsId="invoice-manage/invoice-list"
      selection={{ selected, onChange: setSelected }}
      extra={
        <Space wrap>
          <Button disabled={selected.length === 0} onClick={() => void batch.open(selected)}>
            批量开票{selected.length ? `（${selected.length}）` : ''}
          </Button>
          <Button danger disabled={selected.length === 0} onClick={() => batch.setRedOpen(true)}>
            批量红冲
          </Button>
          <ExportButton download={() => exportInvoices(list.filters)} fileName={invoiceExportFileName} />
          <Button icon={<SettingOutlined />} onClick={() => setConfigOpen(true)}>
            开票设置
          </Button>
        </Space>
      }
    >
      {invoices.dialogs}
      <TextPrompt
        open={batch.redOpen}
        title={`批量红冲（${selected.length} 张）`}
        name="invoice-batch-red"
        label="红冲原因"
        onOk={(reason) => batch.red(selected, reason)}
        onCancel={() => batch.setRedOpen(false)}
      />
      {configOpen && <InvoiceConfigModal open onClose={() => setConfigOpen(false)} />}
    </ListPage>
  );
}
