import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import {
  INVOICE_STATUS,
  INVOICE_STATUS_LABEL,
  type InvoiceFilters,
  type InvoiceRow,
  type InvoiceStatistics,
  type InvoiceStatus,
} from '@px/api/contract';
import { formatFen } from '@px/config';
import { Button, Card, Form, Input, Modal, message, Select, Space, Statistic } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  batchOpenInvoices,
  exportInvoices,
  invoiceStatistics,
  listInvoices,
  redInvoices,
} from '../../../api/invoice';
import { DateRangeField } from '../../../components/DateFields';
import { ListFilterBar } from '../../../components/ListFilterBar';
import { useExport } from '../../../hooks/useExport';
import { usePagedList } from '../../../hooks/usePagedList';
import { readChoiceParam } from '../../../utils/query-id';
import { InvoiceConfigModal } from '../components/InvoiceConfigModal';
import { TextPrompt } from '../components/InvoiceModals';
import { InvoiceTable } from '../components/InvoiceTable';
import {
  cleanInvoiceFilters,
  INVOICE_KIND_OPTIONS,
  INVOICE_STATUS_OPTIONS,
  type InvoiceFilterValues,
  invoiceExportFileName,
} from '../invoice-meta';

/** The states the statistics strip shows. */
const SHOWN: readonly InvoiceStatus[] = ['PENDING', 'ISSUING', 'ISSUED', 'FAILED', 'REVERSED'];

/** The filter fields of the invoice list. */
function InvoiceFilterFields({ withKind }: { withKind: boolean }) {
  return (
    <>
      <Form.Item name="keyword" label="关键字">
        <Input allowClear maxLength={64} placeholder="抬头、发票号码或订单号" style={{ width: 210 }} />
      </Form.Item>
      <Form.Item name="student" label="学员">
        <Input allowClear maxLength={50} placeholder="姓名、身份证号或手机号" style={{ width: 190 }} />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <Select allowClear placeholder="全部" options={INVOICE_STATUS_OPTIONS} style={{ width: 110 }} />
      </Form.Item>
      {withKind && (
        <Form.Item name="kind" label="类型">
          <Select allowClear placeholder="全部" options={INVOICE_KIND_OPTIONS} style={{ width: 110 }} />
        </Form.Item>
      )}
      <Form.Item name="created" label="申请日期">
        <DateRangeField />
      </Form.Item>
    </>
  );
}

/** The counts and amounts of the filtered invoices by state. */
export function InvoiceStatisticsStrip({ filters, tick }: { filters: InvoiceFilters; tick: number }) {
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
  const [initial] = useState<InvoiceFilters>(() => ({
    status: readChoiceParam(params.get('status'), INVOICE_STATUS),
  }));
  const list = usePagedList<InvoiceFilters, InvoiceRow>(listInvoices, initial);
  const [tick, setTick] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const [configOpen, setConfigOpen] = useState(false);
  const reload = () => {
    list.reload();
    setTick((value) => value + 1);
  };
  const batch = useBatchActions(reload, () => setSelected([]));
  const exporter = useExport(() => exportInvoices(list.filters), invoiceExportFileName);

  return (
    <Card title="发票列表">
      <InvoiceStatisticsStrip filters={list.filters} tick={tick} />
      <ListFilterBar<InvoiceFilterValues & { kind?: InvoiceFilters['kind'] }>
        name="invoice-filters"
        initialValues={{ status: initial.status }}
        onSearch={(values) => list.search(cleanInvoiceFilters(values, values.kind || undefined))}
        onReset={() => list.search({})}
        style={{ rowGap: 12 }}
        extra={
          <Space wrap>
            <Button disabled={selected.length === 0} onClick={() => void batch.open(selected)}>
              批量开票{selected.length ? `（${selected.length}）` : ''}
            </Button>
            <Button danger disabled={selected.length === 0} onClick={() => batch.setRedOpen(true)}>
              批量红冲
            </Button>
            <Button
              icon={<DownloadOutlined />}
              loading={exporter.exporting}
              onClick={() => void exporter.run()}
            >
              导出
            </Button>
            <Button icon={<SettingOutlined />} onClick={() => setConfigOpen(true)}>
              开票设置
            </Button>
          </Space>
        }
      >
        <InvoiceFilterFields withKind />
      </ListFilterBar>
      <InvoiceTable
        columnsId="invoice-manage/invoice-list"
        tableProps={list.tableProps}
        reload={reload}
        selected={selected}
        onSelect={setSelected}
      />
      <TextPrompt
        open={batch.redOpen}
        title={`批量红冲（${selected.length} 张）`}
        label="红冲原因"
        onOk={(reason) => batch.red(selected, reason)}
        onCancel={() => batch.setRedOpen(false)}
      />
      {configOpen && <InvoiceConfigModal open onClose={() => setConfigOpen(false)} />}
    </Card>
  );
}
