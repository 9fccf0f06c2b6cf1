import type { PushExceptionRow } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { Alert, Button, Form, Input, message, Typography } from 'antd';
import { useState } from 'react';
import { correctPushException, handlePushException, listPushExceptions } from '../../../api/regulator';
import { FormModal } from '../../../components/FormModal';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage, STUDENT_FILTER } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn } from '../../../components/RowActions';
import { type RowDialogProps, rowDialogProps, useRowDialog } from '../../../hooks/useRowDialog';
import { required } from '../../../utils/form-rules';
import { PushAttemptsDrawer } from '../my-class-push-log-manage/PushAttemptsDrawer';
import { pushColumns, statusCell, usePushClassFilter } from '../my-class-push-log-manage/push-meta';

type Filters = FiltersOf<'my-class-push-log/exception-page'>;

/** The regulator's reasons staff meet (docs/regulator.md). */
const REASON_OPTIONS = [
  { value: 'ID_NAME_MISMATCH', label: '身份证号与姓名不一致' },
  { value: 'ID_CHECKSUM', label: '身份证号校验位不正确' },
  { value: 'REQUIRED', label: '必填项缺失' },
  { value: 'INVALID_FORMAT', label: '格式不正确' },
  { value: 'HOURS_EXCEED_CLASS', label: '学时超过班级总学时' },
  { value: 'DATE_ORDER', label: '日期先后不正确' },
  { value: 'CORRECTS_UNKNOWN', label: '被更正的记录不存在' },
  { value: 'PUSH_NO_REUSED', label: '上报编号已用于其他内容' },
];

const HANDLED_OPTIONS = [
  { value: false, label: '待处理' },
  { value: true, label: '已处理' },
];

/** What the regulator refused, as staff read it. */
function Refusal({ row }: { row: PushExceptionRow }) {
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title="监管平台退回"
      description={row.errors.map((error) => (
        <div key={`${error.field}-${error.reason}`}>
          {error.fieldLabel}：{error.message}
        </div>
      ))}
    />
  );
}

interface CorrectValues {
  realName: string;
  idCardNo: string;
  mobile: string;
  note: string;
}

/** 更正并重新上报: the student's identity as stored, corrected, with the note; sent again at once. */
function CorrectModal({ row, onDone, ...dialog }: RowDialogProps<PushExceptionRow>) {
  const [form] = Form.useForm<CorrectValues>();
  return (
    <FormModal<CorrectValues>
      {...dialog}
      title="更正并重新上报"
      okText="更正并重新上报"
      name="push-correct"
      form={form}
      initialValues={
        row
          ? { realName: row.realName, idCardNo: row.idCardNoFull ?? '', mobile: row.mobile ?? '', note: '' }
          : {}
      }
      onSubmit={async (values) => {
        await correctPushException({ id: row.id, ...values });
        void message.success('已更正，正在重新上报');
        onDone();
      }}
    >
      <Refusal row={row} />
      <Form.Item name="realName" label="学员姓名" rules={[required('请填写学员姓名')]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="idCardNo" label="身份证号">
        <Input maxLength={18} />
      </Form.Item>
      <Form.Item name="mobile" label="手机号">
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="note" label="处理说明" rules={[required('请填写处理说明')]}>
        <Input.TextArea
          maxLength={300}
          rows={2}
          showCount
          placeholder="如：已与学员核对身份证，姓名录入有误"
        />
      </Form.Item>
    </FormModal>
  );
}

/** 标记已处理: the push is not sent again; the note says why. */
function HandleModal({ row, onDone, ...dialog }: RowDialogProps<PushExceptionRow>) {
  const [form] = Form.useForm<{ note: string }>();
  return (
    <FormModal<{ note: string }>
      {...dialog}
      title="标记已处理"
      okText="标记已处理"
      name="push-handle"
      form={form}
      intro="标记后该记录不再上报。"
      onSubmit={async (values) => {
        await handlePushException(row.id, values.note);
        void message.success('已标记为已处理');
        onDone();
      }}
    >
      <Refusal row={row} />
      <Form.Item name="note" label="处理说明" rules={[required('请填写处理说明')]}>
        <Input.TextArea maxLength={300} rows={2} showCount />
      </Form.Item>
    </FormModal>
  );
}

/**
 * 推送异常 (数据纠正): the pushes the regulator refused, with the field at fault and its reason
 * (filters 班级, 学员, 处理状态, 退回原因); 更正并重新上报 corrects the student's identity and sends
 * the record again in one step; 标记已处理 closes it with a note; 上报记录 shows every attempt.
 */
export function PushExceptionPage() {
  const list = useListCall('my-class-push-log/exception-page', listPushExceptions);
  const classFilter = usePushClassFilter<Filters>();
  const [correcting, correctDialog] = useRowDialog<PushExceptionRow>();
  const [handling, handleDialog] = useRowDialog<PushExceptionRow>();
  const [opened, setOpened] = useState<PushExceptionRow | null>(null);
  const filters: FilterField<Filters>[] = [
    classFilter,
    STUDENT_FILTER,
    { kind: 'select', name: 'handled', label: '处理状态', options: HANDLED_OPTIONS, width: 110 },
    { kind: 'select', name: 'reason', label: '退回原因', options: REASON_OPTIONS, width: 190 },
  ];
  const columns: ListColumn<PushExceptionRow>[] = [
    ...pushColumns<PushExceptionRow>(),
    {
      title: '出错字段',
      key: 'field',
      width: 110,
      render: (_v, row) => row.errors.map((error) => error.fieldLabel).join('、') || '—',
    },
    {
      title: '退回原因',
      key: 'reason',
      width: 170,
      ellipsis: false,
      render: (_v, row) =>
        row.errors.length
          ? row.errors.map((error) => <div key={error.field}>{error.message}</div>)
          : statusCell(row),
    },
    {
      title: '处理',
      key: 'handled',
      width: 180,
      optional: 'hidden',
      ellipsis: false,
      render: (_v, row) =>
        row.handledAt ? (
          <>
            <div>{row.handleNote}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(row.handledAt, 'YYYY-MM-DD HH:mm')} · {statusCell(row)}
            </Typography.Text>
          </>
        ) : (
          '待处理'
        ),
    },
    actionsColumn(
      180,
      (row) => (
        <>
          {row.canCorrect && (
            <Button type="link" size="small" onClick={() => correctDialog.show(row)}>
              更正并重新上报
            </Button>
          )}
          {row.canHandle && (
            <Button type="link" size="small" onClick={() => handleDialog.show(row)}>
              标记已处理
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setOpened(row)}>
            上报记录
          </Button>
        </>
      ),
      { wrap: true },
    ),
  ];
  return (
    <ListPage
      title="推送异常"
      list={list}
      name="push-exception-filters"
      filters={filters}
      columns={columns}
      columnsId="customer/my-class-push-log-exception-manage"
      header={
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          监管平台退回的记录不会自动重试：请核对出错字段后更正并重新上报，或标记已处理。
        </Typography.Paragraph>
      }
    >
      {correcting && (
        <CorrectModal key={correcting.row.id} {...rowDialogProps(correcting, correctDialog, list.reload)} />
      )}
      {handling && (
        <HandleModal key={handling.row.id} {...rowDialogProps(handling, handleDialog, list.reload)} />
      )}
      <PushAttemptsDrawer push={opened} onClose={() => setOpened(null)} />
    </ListPage>
  );
}
