import {
  EXCEPTION_CASE_ACTION_LABEL,
  EXCEPTION_CASE_KIND,
  EXCEPTION_CASE_KIND_LABEL,
  EXCEPTION_CASE_MAX_IMAGES,
  EXCEPTION_CASE_STATUS,
  EXCEPTION_CASE_STATUS_LABEL,
  type ExceptionCaseDetail,
  type ExceptionCaseKind,
  type ExceptionCaseOptions,
  type ExceptionCaseRow,
  type ExceptionCaseStatus,
} from '@px/api/contract';
import { formatDateTime } from '@px/config';
import {
  Button,
  Descriptions,
  Drawer,
  Form,
  Image,
  Input,
  message,
  Select,
  Space,
  Spin,
  Tag,
  Timeline,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  assignExceptionCase,
  getExceptionCase,
  getExceptionCaseOptions,
  listExceptionCases,
  registerExceptionCase,
  resolveExceptionCase,
  startExceptionCase,
  uploadCaseImage,
} from '../../../api/exception';
import { FormModal } from '../../../components/FormModal';
import type { ListColumn } from '../../../components/ListTable';
import {
  type FilterField,
  ListPage,
  labelSelect,
  STUDENT_FILTER,
} from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn, DetailAction } from '../../../components/RowActions';
import { TextPrompt } from '../../../components/TextPrompt';
import { dateTimeColumn, LIST_TIME, StudentCell } from '../../../components/table-columns';
import { useRowDialog } from '../../../hooks/useRowDialog';
import { required } from '../../../utils/form-rules';
import { labelOptions } from '../../../utils/label-options';
import { readChoiceParam } from '../../../utils/query-id';

type Filters = FiltersOf<'exception-register/page'>;

const STATUS_COLOR: Readonly<Record<ExceptionCaseStatus, string>> = {
  PENDING: 'orange',
  PROCESSING: 'blue',
  RESOLVED: 'green',
};

const FILTERS: FilterField<Filters>[] = [
  labelSelect('status', '状态', EXCEPTION_CASE_STATUS, EXCEPTION_CASE_STATUS_LABEL, 110),
  labelSelect('kind', '异常类型', EXCEPTION_CASE_KIND, EXCEPTION_CASE_KIND_LABEL, 140),
  STUDENT_FILTER,
  {
    kind: 'custom',
    name: 'mine',
    label: '处理人',
    control: (
      <Select
        allowClear
        placeholder="全部"
        style={{ width: 120 }}
        options={[{ value: 'mine', label: '指派给我的' }]}
      />
    ),
    toFilters: (value: string | undefined) => ({ mine: value === 'mine' ? true : undefined }),
    fromFilters: (filters) => (filters.mine ? 'mine' : undefined),
  },
];

function StatusCell({ status }: { status: ExceptionCaseStatus }) {
  return <Tag color={STATUS_COLOR[status]}>{EXCEPTION_CASE_STATUS_LABEL[status]}</Tag>;
}

/** What a step prompt is about: a case and the step. */
type Prompt = { row: ExceptionCaseRow; step: 'start' | 'resolve' };

/**
 * 异常登记 (customer service): a student's cases (学时异常, 身份信息错误, 人脸核验异常, 支付异常,
 * 其他) with a description and images, open ones first. 登记异常 registers one, 指派 gives it to a
 * staff account of the project, and its assignee moves it 待处理 → 处理中 → 已处理 with notes; 详情
 * shows every step with who and when. Actions follow the row's abilities. `?status=PENDING` (home's
 * 待办事项) starts filtered.
 */
export function ExceptionRegisterPage() {
  const [params] = useSearchParams();
  const [initial] = useState(() => ({
    status: readChoiceParam(params.get('status'), EXCEPTION_CASE_STATUS),
  }));
  const list = useListCall('exception-register/page', listExceptionCases, initial);
  const [registering, setRegistering] = useState(false);
  const [assigning, setAssigning] = useState<ExceptionCaseRow | null>(null);
  const [prompting, promptDialog] = useRowDialog<Prompt>();
  // The step prompt shown: its case and step, and whether it is open (false while it closes).
  const prompt = prompting && { ...prompting.row, open: prompting.open };
  const [detailId, setDetailId] = useState<number | null>(null);
  const [detailVersion, setDetailVersion] = useState(0);
  const changed = () => {
    list.reload();
    setDetailVersion((version) => version + 1);
  };

  const columns: ListColumn<ExceptionCaseRow>[] = [
    {
      title: '学员',
      key: 'student',
      width: 170,
      render: (_value, row) => (
        <StudentCell name={row.realName} idCardNo={row.idCardNo} mobile={row.mobile} />
      ),
    },
    {
      title: '异常类型',
      dataIndex: 'kind',
      width: 124,
      render: (kind: ExceptionCaseKind) => EXCEPTION_CASE_KIND_LABEL[kind],
    },
    { title: '异常描述', dataIndex: 'description', width: 170, ellipsis: true },
    {
      title: '附件',
      key: 'images',
      width: 70,
      optional: 'hidden',
      render: (_value, row) => (row.images.length ? `${row.images.length} 张` : '—'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (status: ExceptionCaseStatus) => <StatusCell status={status} />,
    },
    {
      title: '处理人',
      dataIndex: 'assigneeName',
      width: 100,
      render: (name: string | null) => name ?? '未指派',
    },
    {
      title: '登记人',
      dataIndex: 'createdByName',
      width: 100,
      optional: 'hidden',
      render: (name) => name ?? '—',
    },
    dateTimeColumn<ExceptionCaseRow>('登记时间', 'createdAt', 140, LIST_TIME),
    actionsColumn(200, (row) => (
      <>
        <DetailAction onOpen={() => setDetailId(row.id)} />
        {row.canAssign && (
          <Button type="link" size="small" onClick={() => setAssigning(row)}>
            指派
          </Button>
        )}
        {row.canStart && (
          <Button type="link" size="small" onClick={() => promptDialog.show({ row, step: 'start' })}>
            开始处理
          </Button>
        )}
        {row.canResolve && (
          <Button type="link" size="small" onClick={() => promptDialog.show({ row, step: 'resolve' })}>
            处理完成
          </Button>
        )}
      </>
    )),
  ];

  return (
    <ListPage
      title="异常登记"
      list={list}
      name="exception-register-filters"
      filters={FILTERS}
      columns={columns}
      columnsId="customer/exception-register"
      extra={
        <Button type="primary" onClick={() => setRegistering(true)}>
          登记异常
        </Button>
      }
    >
      {registering && (
        <RegisterModal
          onClose={() => setRegistering(false)}
          onSaved={() => {
            setRegistering(false);
            list.reload();
          }}
        />
      )}
      {assigning && (
        <AssignModal
          row={assigning}
          onClose={() => setAssigning(null)}
          onSaved={() => {
            setAssigning(null);
            changed();
          }}
        />
      )}
      {prompt && (
        <TextPrompt
          key={`${prompt.step}-${prompt.row.id}`}
          open={prompt.open}
          name={`exception-${prompt.step}`}
          field="note"
          title={prompt.step === 'start' ? '开始处理' : '处理完成'}
          okText={prompt.step === 'start' ? '开始处理' : '处理完成'}
          label={prompt.step === 'start' ? '备注' : '处理说明'}
          optional={prompt.step === 'start'}
          intro={`${prompt.row.realName}：${EXCEPTION_CASE_KIND_LABEL[prompt.row.kind]}。${
            prompt.step === 'start'
              ? '开始处理后状态为「处理中」。'
              : '处理说明会记入处理记录，处理完成后不能再更改。'
          }`}
          placeholder={prompt.step === 'start' ? '可不填' : '如：已核对学习记录并补录第三章学时'}
          onOk={async (note) => {
            if (prompt.step === 'start') await startExceptionCase(prompt.row.id, note || undefined);
            else await resolveExceptionCase(prompt.row.id, note);
            void message.success(prompt.step === 'start' ? '已开始处理' : '已处理');
            promptDialog.close();
            changed();
          }}
          onCancel={promptDialog.close}
          afterClose={promptDialog.afterClose}
        />
      )}
      <CaseDrawer id={detailId} version={detailVersion} onClose={() => setDetailId(null)} />
    </ListPage>
  );
}

interface RegisterValues {
  accountId: number;
  kind: ExceptionCaseKind;
  description: string;
  assigneeId?: number;
}

/** 登记异常: the student (searched by name, ID number or mobile), kind, description, images, assignee. */
function RegisterModal({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<RegisterValues>();
  const [options, setOptions] = useState<ExceptionCaseOptions>({ assignees: [], students: [] });
  const [searching, setSearching] = useState(false);
  const [images, setImages] = useState<{ id: string; url: string }[]>([]);
  const [uploading, setUploading] = useState(false);
  useEffect(() => {
    getExceptionCaseOptions().then(setOptions, () => undefined);
  }, []);
  const searchStudents = async (text: string) => {
    if (!text.trim()) return;
    setSearching(true);
    try {
      const found = await getExceptionCaseOptions(text.trim());
      setOptions((current) => ({ ...current, students: found.students }));
    } catch {
      // The request client has shown why.
    } finally {
      setSearching(false);
    }
  };
  const upload = async (file: File) => {
    setUploading(true);
    try {
      const image = await uploadCaseImage(file, file.name);
      setImages((current) => [...current, { id: image.id, url: image.url }]);
    } catch {
      // The request client has shown why.
    } finally {
      setUploading(false);
    }
  };
  return (
    <FormModal<RegisterValues>
      open
      title="登记异常"
      okText="登记"
      name="exception-register"
      form={form}
      destroyOnHidden
      okDisabled={uploading}
      width={560}
      onSubmit={async (values) => {
        await registerExceptionCase({
          accountId: values.accountId,
          kind: values.kind,
          description: values.description,
          imageIds: images.map((image) => image.id),
          ...(values.assigneeId ? { assigneeId: values.assigneeId } : {}),
        });
        void message.success('异常已登记');
        onSaved();
      }}
      onClose={onClose}
    >
      <Form.Item name="accountId" label="学员" rules={[{ required: true, message: '请选择学员' }]}>
        <Select
          showSearch={{ filterOption: false, onSearch: (text) => void searchStudents(text) }}
          placeholder="输入姓名、身份证号或手机号搜索"
          loading={searching}
          notFoundContent={searching ? <Spin size="small" /> : '输入后搜索学员'}
          options={options.students.map((student) => ({
            value: student.id,
            label: `${student.realName}${student.idCardNo ? `（${student.idCardNo}）` : student.mobile ? `（${student.mobile}）` : ''}`,
          }))}
        />
      </Form.Item>
      <Form.Item name="kind" label="异常类型" rules={[{ required: true, message: '请选择异常类型' }]}>
        <Select placeholder="请选择" options={labelOptions(EXCEPTION_CASE_KIND, EXCEPTION_CASE_KIND_LABEL)} />
      </Form.Item>
      <Form.Item name="description" label="异常描述" rules={[required('请填写异常描述')]}>
        <Input.TextArea
          rows={4}
          maxLength={1000}
          showCount
          placeholder="学员反映的问题、发生时间、涉及的班级或订单"
        />
      </Form.Item>
      <Form.Item
        label="附件图片"
        name="imageIds"
        extra={`PNG、JPEG、GIF 或 WebP，最多 ${EXCEPTION_CASE_MAX_IMAGES} 张`}
      >
        <Space wrap>
          {images.map((image) => (
            <Space key={image.id} orientation="vertical" size={2} align="center">
              <Image src={image.url} alt="附件图片" width={72} height={72} style={{ objectFit: 'cover' }} />
              <Button
                type="link"
                size="small"
                onClick={() => setImages((current) => current.filter((other) => other.id !== image.id))}
              >
                移除
              </Button>
            </Space>
          ))}
          {images.length < EXCEPTION_CASE_MAX_IMAGES && (
            <Upload
              accept="image/png,image/jpeg,image/gif,image/webp"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button loading={uploading}>上传图片</Button>
            </Upload>
          )}
        </Space>
      </Form.Item>
      <Form.Item name="assigneeId" label="处理人" extra="可稍后指派">
        <Select
          allowClear
          placeholder="请选择"
          options={options.assignees.map((assignee) => ({ value: assignee.id, label: assignee.name }))}
        />
      </Form.Item>
    </FormModal>
  );
}

/** 指派: a staff account of the project and an optional note. */
function AssignModal({
  row,
  onClose,
  onSaved,
}: {
  row: ExceptionCaseRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<{ assigneeId: number; note?: string }>();
  const [assignees, setAssignees] = useState<ExceptionCaseOptions['assignees']>([]);
  useEffect(() => {
    getExceptionCaseOptions().then(
      (options) => setAssignees(options.assignees),
      () => undefined,
    );
  }, []);
  return (
    <FormModal<{ assigneeId: number; note?: string }>
      open
      title="指派处理人"
      okText="指派"
      name="exception-assign"
      form={form}
      destroyOnHidden
      intro={`${row.realName}：${EXCEPTION_CASE_KIND_LABEL[row.kind]}。${row.assigneeName ? `当前处理人：${row.assigneeName}。` : ''}`}
      onSubmit={async (values) => {
        await assignExceptionCase(row.id, values.assigneeId, values.note?.trim() || undefined);
        void message.success('已指派');
        onSaved();
      }}
      onClose={onClose}
    >
      <Form.Item name="assigneeId" label="处理人" rules={[{ required: true, message: '请选择处理人' }]}>
        <Select
          placeholder="请选择"
          options={assignees.map((assignee) => ({ value: assignee.id, label: assignee.name }))}
        />
      </Form.Item>
      <Form.Item name="note" label="备注">
        <Input.TextArea rows={2} maxLength={500} placeholder="可不填" />
      </Form.Item>
    </FormModal>
  );
}

/** 详情: the case, its images and every step with who and when. */
function CaseDrawer({ id, version, onClose }: { id: number | null; version: number; onClose: () => void }) {
  const [detail, setDetail] = useState<ExceptionCaseDetail | null>(null);
  useEffect(() => {
    if (id === null) return;
    let live = true;
    // `version` reloads the open case after one of its actions.
    void version;
    getExceptionCase(id).then(
      (found) => live && setDetail(found),
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [id, version, onClose]);
  const shown = id !== null && detail?.id === id ? detail : null;
  return (
    <Drawer
      open={id !== null}
      title="异常详情"
      size={520}
      onClose={onClose}
      afterOpenChange={(open) => !open && setDetail(null)}
    >
      {!shown ? (
        <Spin />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="学员">
              {shown.realName}
              {shown.idCardNo ? `（${shown.idCardNo}）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="异常类型">{EXCEPTION_CASE_KIND_LABEL[shown.kind]}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <StatusCell status={shown.status} />
            </Descriptions.Item>
            <Descriptions.Item label="处理人">{shown.assigneeName ?? '未指派'}</Descriptions.Item>
            <Descriptions.Item label="异常描述">
              <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
                {shown.description}
              </Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label="附件图片">
              {shown.images.length ? (
                <Image.PreviewGroup>
                  <Space wrap>
                    {shown.images.map((image) => (
                      <Image key={image.id} src={image.url} alt="附件图片" width={72} height={72} />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              ) : (
                '—'
              )}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            处理记录
          </Typography.Title>
          <Timeline
            items={shown.notes.map((note) => ({
              key: note.id,
              content: (
                <>
                  <div>
                    <strong>{EXCEPTION_CASE_ACTION_LABEL[note.action]}</strong>
                    {note.action === 'ASSIGN' && note.assigneeName ? ` → ${note.assigneeName}` : ''}
                    {note.fromStatus && note.fromStatus !== note.toStatus
                      ? `（${EXCEPTION_CASE_STATUS_LABEL[note.fromStatus]} → ${EXCEPTION_CASE_STATUS_LABEL[note.toStatus]}）`
                      : ''}
                  </div>
                  {note.note && <div>{note.note}</div>}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {note.createdByName ?? '—'} {formatDateTime(note.createdAt, LIST_TIME)}
                  </Typography.Text>
                </>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
