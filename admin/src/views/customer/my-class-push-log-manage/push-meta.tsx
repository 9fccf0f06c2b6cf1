import { PUSH_ORIGIN_LABEL, PUSH_STATUS_LABEL, type PushRow, type PushStatus } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { Tag, Typography } from 'antd';
import { getPushClassOptions } from '../../../api/regulator';
import { ClassChoiceSelect } from '../../../components/ClassChoiceSelect';
import type { ListColumn } from '../../../components/ListTable';
import type { FilterField } from '../../../components/list-page/ListPage';
import { useClassChoices } from '../../../hooks/useClassChoices';

/** The colour of each push state: done green, failed red, in flight blue, waiting orange, ignored grey. */
export const PUSH_STATUS_COLOR: Readonly<Record<PushStatus, string>> = {
  PENDING: 'default',
  SENDING: 'processing',
  SUCCESS: 'success',
  RETRY_WAIT: 'warning',
  FAILED: 'error',
  IGNORED: 'default',
};

export const PUSH_STATUS_OPTIONS = (Object.keys(PUSH_STATUS_LABEL) as PushStatus[]).map((value) => ({
  value,
  label: PUSH_STATUS_LABEL[value],
}));

/** The 班级 filter of the push pages: a class of the project by part of its name. */
export function usePushClassFilter<F>(): FilterField<F> {
  const classes = useClassChoices(getPushClassOptions);
  return {
    kind: 'custom',
    name: 'classId' as Extract<keyof F, string>,
    label: '班级',
    control: <ClassChoiceSelect classes={classes} />,
  };
}

/** The student of a push: name over the masked ID number. */
export function studentCell(row: Pick<PushRow, 'studentName' | 'idCardNo'>) {
  return (
    <>
      <div>{row.studentName}</div>
      {row.idCardNo && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {row.idCardNo}
        </Typography.Text>
      )}
    </>
  );
}

/** The state of a push with what explains it: the failure's words, the next attempt, the acceptance. */
export function statusCell(row: PushRow) {
  return (
    <>
      <Tag color={PUSH_STATUS_COLOR[row.status]}>{PUSH_STATUS_LABEL[row.status]}</Tag>
      {row.status === 'SUCCESS' && row.acceptedAt && (
        <div style={{ fontSize: 12 }}>{formatDateTime(row.acceptedAt, 'YYYY-MM-DD HH:mm')}</div>
      )}
      {row.nextAttemptAt && row.status === 'RETRY_WAIT' && (
        <div style={{ fontSize: 12 }}>下次 {formatDateTime(row.nextAttemptAt, 'HH:mm:ss')}</div>
      )}
      {row.failure && row.status !== 'SUCCESS' && (
        <Typography.Text type={row.status === 'FAILED' ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
          {row.failure}
        </Typography.Text>
      )}
    </>
  );
}

/** The columns every push list shows: number, student, class, kind, hours. */
export function pushColumns<R extends PushRow>(): ListColumn<R>[] {
  return [
    { title: '上报编号', dataIndex: 'pushNo', width: 170 },
    { title: '学员', key: 'student', width: 160, ellipsis: false, render: (_v, row) => studentCell(row) },
    { title: '班级', dataIndex: 'className', width: 160 },
    {
      title: '类型',
      key: 'kind',
      width: 110,
      optional: 'hidden',
      ellipsis: false,
      render: (_v, row) => (
        <>
          <div>{PUSH_ORIGIN_LABEL[row.origin]}</div>
          {row.correctsPushNo && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              更正 {row.correctsPushNo}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: '学时',
      dataIndex: 'hours',
      width: 70,
      align: 'right',
      optional: 'hidden',
      render: (hours: number | null) => (hours === null ? '—' : hours.toFixed(1)),
    },
  ];
}
