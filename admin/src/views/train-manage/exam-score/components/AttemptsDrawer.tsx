import {
  ATTEMPT_STATUS_LABEL,
  type AttemptStatus,
  type ExamAttemptDetail,
  type ExamAttemptItem,
  type ExamScoreRow,
} from '@px/api/contract';
import { formatDateTime, formatDuration } from '@px/config';
import { Alert, Button, Descriptions, Drawer, Modal, Spin, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { getExamAttempt, listExamAttempts } from '../../../../api/exam';
import { RowsTable } from '../../../../components/RowsTable';
import { dateTimeColumn, tagColumn } from '../../../../components/table-columns';
import { ReviewList, scoreText } from './ReviewList';

const STATUS_COLOR: Readonly<Record<AttemptStatus, string>> = {
  OPEN: 'processing',
  SUBMITTED: 'success',
  TIMED_OUT: 'warning',
};

/** 答卷: one attempt with every answer against the right one. */
function AttemptModal({ attemptId, onClose }: { attemptId: number | null; onClose: () => void }) {
  const [detail, setDetail] = useState<ExamAttemptDetail | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setDetail(null);
    setFailed(false);
    if (attemptId === null) return;
    let current = true;
    getExamAttempt(attemptId).then(
      (answer) => current && setDetail(answer),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [attemptId]);
  return (
    <Modal
      open={attemptId !== null}
      title="答卷详情"
      footer={null}
      width={760}
      onCancel={onClose}
      destroyOnHidden
    >
      {failed && <Alert type="error" showIcon title="答卷读取失败，请关闭后重试" />}
      {!detail && !failed && <Spin />}
      {detail && (
        <>
          <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="学员">{detail.studentName}</Descriptions.Item>
            <Descriptions.Item label="班级">{detail.className}</Descriptions.Item>
            <Descriptions.Item label="试卷">{detail.paperName}</Descriptions.Item>
            <Descriptions.Item label="得分">{scoreText(detail.score)}</Descriptions.Item>
          </Descriptions>
          <ReviewList questions={detail.review} />
        </>
      )}
    </Modal>
  );
}

/**
 * 考试记录 of one enrolment (`exam-score/attempts`, newest first): paper, state, score, passed,
 * start, submission and time taken; 查看答卷 opens an attempt with every answer.
 */
export function AttemptsDrawer({ row, onClose }: { row: ExamScoreRow | null; onClose: () => void }) {
  const [attempts, setAttempts] = useState<ExamAttemptItem[] | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const myClassId = row?.myClassId ?? null;

  useEffect(() => {
    setAttempts(null);
    if (myClassId === null) return;
    let current = true;
    listExamAttempts(myClassId).then(
      (answer) => current && setAttempts(answer),
      () => current && setAttempts([]),
    );
    return () => {
      current = false;
    };
  }, [myClassId]);

  const columns: ColumnsType<ExamAttemptItem> = [
    { title: '试卷', dataIndex: 'paperName', width: 160 },
    tagColumn<ExamAttemptItem, AttemptStatus>('状态', 'status', 90, ATTEMPT_STATUS_LABEL, STATUS_COLOR),
    { title: '得分', dataIndex: 'score', width: 70, align: 'right', render: scoreText },
    {
      title: '结果',
      dataIndex: 'passed',
      width: 80,
      render: (passed: boolean | null) =>
        passed === null ? '—' : passed ? <Tag color="success">合格</Tag> : <Tag color="error">不合格</Tag>,
    },
    dateTimeColumn<ExamAttemptItem>('开始时间', 'startedAt', 170),
    {
      title: '交卷时间',
      dataIndex: 'submittedAt',
      width: 170,
      render: (value: string | null) => (value ? formatDateTime(value) : '—'),
    },
    {
      title: '用时',
      dataIndex: 'durationSeconds',
      width: 100,
      render: (value: number | null) => (value === null ? '—' : formatDuration(value)),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_value, attempt) => (
        <Button type="link" size="small" onClick={() => setViewing(attempt.attemptId)}>
          查看答卷
        </Button>
      ),
    },
  ];

  return (
    <Drawer
      open={row !== null}
      title={row ? `考试记录 · ${row.studentName} · ${row.className}` : '考试记录'}
      size={960}
      onClose={onClose}
      destroyOnHidden
    >
      <RowsTable<ExamAttemptItem>
        rowKey="attemptId"
        loading={attempts === null}
        columns={columns}
        dataSource={attempts ?? []}
        empty="暂无考试记录"
        wide
      />
      <AttemptModal attemptId={viewing} onClose={() => setViewing(null)} />
    </Drawer>
  );
}
