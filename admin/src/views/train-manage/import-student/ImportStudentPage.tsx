import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import {
  UNIT_IMPORT_COLUMNS,
  UNIT_IMPORT_MAX_ROWS,
  UNIT_IMPORT_STATUS,
  type UnitClassItem,
  type UnitImportStatus,
  type UnitImportView,
} from '@px/api/contract';
import { saveBlobAs } from '@px/config/save-blob';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Flex,
  message,
  Space,
  Upload,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { getUnitClass } from '../../../api/unit-class';
import {
  downloadUnitImportErrors,
  downloadUnitImportTemplate,
  getUnitImportProgress,
  pageUnitImports,
  startUnitImport,
} from '../../../api/unit-import';
import type { ListColumn } from '../../../components/ListTable';
import { ListPage } from '../../../components/list-page/ListPage';
import { useListCall } from '../../../components/list-page/list-call';
import { RecordPending } from '../../../components/RecordPending';
import { actionsColumn } from '../../../components/RowActions';
import { dateTimeColumn } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { usePoll } from '../../../hooks/usePoll';
import { useRecord } from '../../../hooks/useRecord';
import { readChoiceListParam, readPositiveId } from '../../../utils/query-id';
import { BATCH_PAY_PAGE, batchPayPath } from '../batch-pay-order/batch-order-paths';
import { UnitClassStateTag } from '../unit-class/UnitClassStateTag';
import {
  UNIT_CLASS_DETAIL_PAGE,
  UNIT_CLASS_LIST_PAGE,
  unitClassDetailPath,
} from '../unit-class/unit-class-paths';
import { ImportProgressCard } from './ImportProgressCard';
import { ImportRecordsList } from './ImportRecordsList';
import { UnitImportStatusTag } from './UnitImportStatusTag';

/** How often the page asks how a running import stands. */
export const IMPORT_POLL_MS = 1000;
/** The file name the template is saved as. */
export const UNIT_IMPORT_TEMPLATE_FILE = '单位学员导入模板.xlsx';

/** The name an import's error file is saved as: the uploaded file's name with 错误行. */
export function errorFileName(view: Pick<UnitImportView, 'fileName'>): string {
  return `${view.fileName.replace(/\.xlsx$/i, '')}-错误行.xlsx`;
}

const INTRO = `请下载模板，按列填写${UNIT_IMPORT_COLUMNS.map((column) => column.header).join('、')}（均为必填），一次最多 ${UNIT_IMPORT_MAX_ROWS} 名学员。系统先校验全部行，有误的行不导入；通过的学员报名本单位班级，并生成一个待支付的批量订单，缴费后即可学习。`;

/** The unit class the import goes into. */
function UnitClassSummary({ unitClass }: { unitClass: UnitClassItem }) {
  const items: DescriptionsProps['items'] = [
    { key: 'name', label: '单位班级', children: unitClass.name },
    { key: 'unit', label: '单位', children: unitClass.unitName },
    { key: 'class', label: '班级', children: unitClass.className },
    {
      key: 'students',
      label: '学员（已有/计划）',
      children: `${unitClass.studentCount} / ${unitClass.plannedStudents}`,
    },
    { key: 'state', label: '状态', children: <UnitClassStateTag state={unitClass.state} /> },
  ];
  return <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} />;
}

/**
 * The import part of the page: template, upload, the import being followed (polled every second
 * until it ends; `onImportEnded` then, so the page reads the unit class's counts again) and the
 * unit class's earlier imports. An import still running when the page opens is followed at once.
 */
function UnitImportPanel({
  unitClass,
  onImportEnded,
}: {
  unitClass: UnitClassItem;
  onImportEnded: () => void;
}) {
  const navigate = useNavigate();
  const canPay = useAccess().can(BATCH_PAY_PAGE);
  const [current, setCurrent] = useState<UnitImportView | null>(null);
  const [uploading, setUploading] = useState(false);
  const [downloading, setDownloading] = useState<'template' | number | null>(null);
  const history = useListCall('batch-import-order/page', pageUnitImports, { unitClassId: unitClass.id });
  const pickedRunning = useRef(false);
  const { rows, loading, reload } = history;
  const running = current !== null && !current.finished;

  // An import still running when the page opens (say after a reload) is followed.
  useEffect(() => {
    if (pickedRunning.current || loading) return;
    pickedRunning.current = true;
    const newest = rows[0];
    if (newest && !newest.finished) setCurrent((shown) => shown ?? newest);
  }, [rows, loading]);

  usePoll(
    running ? current.id : null,
    async (id) => {
      const view = await getUnitImportProgress(id, { quiet: true });
      setCurrent((shown) => (shown?.id === view.id ? view : shown));
      if (view.finished) {
        reload();
        onImportEnded();
      }
    },
    IMPORT_POLL_MS,
  );

  const start = async (file: File) => {
    setUploading(true);
    try {
      const view = await startUnitImport(unitClass.id, file);
      setCurrent(view);
      void message.success('文件已上传，正在导入');
      reload();
      if (view.finished) onImportEnded();
    } catch {
      // The request client has shown why.
    } finally {
      setUploading(false);
    }
  };

  const download = async (key: 'template' | number, fetchFile: () => Promise<Blob>, fileName: string) => {
    setDownloading(key);
    try {
      saveBlobAs(await fetchFile(), fileName);
    } catch {
      // The request client has shown why.
    } finally {
      setDownloading(null);
    }
  };
  const downloadErrors = (view: UnitImportView) =>
    void download(view.id, () => downloadUnitImportErrors(view.id), errorFileName(view));

  const closed = unitClass.state !== 'OPEN';
  const columns: ListColumn<UnitImportView>[] = [
    { title: '文件名', dataIndex: 'fileName', width: 200 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (status: UnitImportStatus) => <UnitImportStatusTag status={status} />,
    },
    { title: '总数', dataIndex: 'total', width: 70, align: 'right' },
    { title: '成功', dataIndex: 'okCount', width: 70, align: 'right' },
    { title: '失败', dataIndex: 'failedCount', width: 70, align: 'right' },
    dateTimeColumn('导入时间', 'createdAt'),
    actionsColumn(240, (row) => (
      <>
        <Button type="link" size="small" onClick={() => setCurrent(row)}>
          查看进度
        </Button>
        {row.finished && row.failedCount > 0 && (
          <Button
            type="link"
            size="small"
            loading={downloading === row.id}
            onClick={() => downloadErrors(row)}
          >
            错误文件
          </Button>
        )}
        {row.batchOrderId !== null && canPay && (
          <Link to={batchPayPath(row.batchOrderId)} style={{ padding: '0 8px' }}>
            批量订单
          </Link>
        )}
      </>
    )),
  ];

  return (
    <>
      <Card title="上传名单">
        <Alert type="info" showIcon title={INTRO} style={{ marginBottom: 16 }} />
        {closed && (
          <Alert
            type="warning"
            showIcon
            title="单位班级已关闭，不能导入学员。"
            style={{ marginBottom: 16 }}
          />
        )}
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={downloading === 'template'}
            onClick={() => void download('template', downloadUnitImportTemplate, UNIT_IMPORT_TEMPLATE_FILE)}
          >
            下载模板
          </Button>
          <Upload
            accept=".xlsx"
            maxCount={1}
            showUploadList={false}
            disabled={closed || running || uploading}
            beforeUpload={(file) => {
              if (!/\.xlsx$/i.test(file.name)) {
                void message.error('请选择 .xlsx 文件');
                return Upload.LIST_IGNORE;
              }
              void start(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={uploading} disabled={closed || running}>
              上传并导入
            </Button>
          </Upload>
          {running && <span>当前导入结束后才能再次导入。</span>}
        </Space>
      </Card>
      {current && (
        <ImportProgressCard
          view={current}
          canPay={canPay}
          downloadingErrors={downloading === current.id}
          onDownloadErrors={downloadErrors}
          onPay={(batchOrderId) => navigate(batchPayPath(batchOrderId))}
        />
      )}
      <ListPage
        title="导入记录"
        list={history}
        name="unit-import-history"
        filters={[]}
        columns={columns}
        columnsId="train-manage/import-student"
        table={{ locale: { emptyText: '暂无导入记录' } }}
      />
    </>
  );
}

/**
 * 导入学员 (hidden page, `?unitClassId=`): imports students from an `.xlsx` of the template into an
 * open unit class, follows the import to its end (下载错误文件 for refused rows, 去缴费 for the batch
 * order it created) and lists the unit class's earlier imports. Without a unit class: the imports
 * of every unit class the caller may see, filtered by `?statuses=` (home's 待办事项).
 */
export function ImportStudentPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const unitClassId = readPositiveId(params.get('unitClassId'));
  const access = useAccess();
  const state = useRecord(unitClassId, getUnitClass);
  const back =
    unitClassId !== null && access.can(UNIT_CLASS_DETAIL_PAGE) ? (
      <Button onClick={() => navigate(unitClassDetailPath(unitClassId))}>返回单位班级</Button>
    ) : access.can(UNIT_CLASS_LIST_PAGE) ? (
      <Button onClick={() => navigate(UNIT_CLASS_LIST_PAGE)}>单位班级列表</Button>
    ) : null;

  if (unitClassId === null)
    return (
      <Flex vertical gap={16}>
        <Card title="导入学员" extra={back}>
          <Alert
            type="info"
            showIcon
            title="未指定单位班级：请从单位班级详情进入导入学员。下面是各单位班级的导入记录。"
          />
        </Card>
        <ImportRecordsList
          initialStatuses={readChoiceListParam(params.get('statuses'), UNIT_IMPORT_STATUS)}
        />
      </Flex>
    );
  if (state.status !== 'ready') return <RecordPending state={state} onRetry={state.reload} back={back} />;
  // An import that ended changed the unit class's students: read it again without leaving the page.
  const readAgain = () =>
    void getUnitClass(state.record.id, { quiet: true }).then(state.set, () => undefined);

  return (
    <Flex vertical gap={16}>
      <Card title="导入学员" extra={back}>
        <UnitClassSummary unitClass={state.record} />
      </Card>
      <UnitImportPanel key={state.record.id} unitClass={state.record} onImportEnded={readAgain} />
    </Flex>
  );
}
