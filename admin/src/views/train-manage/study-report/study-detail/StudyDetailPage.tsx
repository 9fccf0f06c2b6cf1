import type { ReportPopupAnswer, StudyCorrectionItem, StudyDetail } from '@px/api/contract';
import { formatDateRange, formatDateTime } from '@px/config';
import {
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Flex,
  Result,
  Space,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { getStudyDetail } from '../../../../api/study-report';
import { hoursOf } from '../../../../components/EnrolmentTable';
import { FaceCaptureTable } from '../../../../components/FaceCaptureTable';
import { MyClassStatusTag } from '../../../../components/MyClassStatusTag';
import { RecordPending } from '../../../../components/RecordPending';
import { RowsTable } from '../../../../components/RowsTable';
import { CorrectionChange, CorrectionTable } from '../../../../components/StudyCorrections';
import { dateTimeColumn } from '../../../../components/table-columns';
import { useAccess } from '../../../../hooks/useAccess';
import { useRecord } from '../../../../hooks/useRecord';
import { readPositiveId } from '../../../../utils/query-id';
import { REPORT_STUDENT_PAGE, reportStudentPath, STUDY_REPORT_PAGE } from '../../../../utils/study-paths';
import { formatDuration } from '../../../resource-manage/video/video-format';
import { LedgerCard } from './components/LedgerCard';
import { type RefusalFilters, RefusalsCard } from './components/RefusalsCard';
import { StudyLessonTable } from './components/StudyLessonTable';

const orNone = (value: string | null, none = '—') => (value ? formatDateTime(value) : none);

/** The newest hours correction beside the credited hours: 原 → 更正后, why, when and by whom. */
function HoursCorrection({ item }: { item: StudyCorrectionItem }) {
  return (
    <Flex vertical gap={2} aria-label="学时更正">
      <CorrectionChange item={item} />
      <Typography.Text type="secondary">
        原因：{item.reason}（{item.correctedBy ?? '—'} 更正于 {formatDateTime(item.createdAt)}）
      </Typography.Text>
    </Flex>
  );
}

/** The enrolment's overview as Descriptions items; the student links to 学员档案详情 when granted. */
function overviewItems(detail: StudyDetail, canOpenStudent: boolean): DescriptionsProps['items'] {
  const row = detail.enrolment;
  const hoursCorrection = detail.corrections.find((item) => item.target === 'HOURS');
  return [
    {
      key: 'student',
      label: '学员',
      children: canOpenStudent ? (
        <Link to={reportStudentPath(row.accountId)}>{row.studentName}</Link>
      ) : (
        row.studentName
      ),
    },
    { key: 'idCardNo', label: '身份证号', children: row.idCardNo || '—' },
    { key: 'unit', label: '所属单位', children: row.unitName || '—' },
    { key: 'class', label: '班级', children: `${row.className}（${row.year}）` },
    { key: 'status', label: '学习状态', children: <MyClassStatusTag status={row.status} /> },
    {
      key: 'rules',
      label: '班级要求',
      children: (
        <Space size={4} wrap>
          <Tag>{detail.studyInOrder ? '按顺序学习' : '不限学习顺序'}</Tag>
          <Tag>{detail.examRequired ? '需要考试' : '无需考试'}</Tag>
        </Space>
      ),
    },
    {
      key: 'required',
      label: '必修学时（已获/要求）',
      children: hoursOf(row.creditedRequiredHours, row.requiredHours),
    },
    {
      key: 'elective',
      label: '选修学时（已获/要求）',
      children: hoursOf(row.creditedElectiveHours, row.electiveHours),
    },
    { key: 'window', label: '学习时间', children: formatDateRange(row.studyStartDate, row.studyEndDate) },
    { key: 'enrolledAt', label: '报名时间', children: formatDateTime(row.enrolledAt) },
    { key: 'lastStudyAt', label: '最近学习', children: orNone(row.lastStudyAt, '未开始') },
    { key: 'finishedStudyAt', label: '完成学习', children: orNone(row.finishedStudyAt) },
    { key: 'passedAt', label: '合格时间', children: orNone(row.passedAt) },
    ...(hoursCorrection
      ? [
          {
            key: 'hoursCorrection',
            label: '学时更正（上报学时）',
            span: 'filled' as const,
            children: <HoursCorrection item={hoursCorrection} />,
          },
        ]
      : []),
  ];
}

const answerColumns: ColumnsType<ReportPopupAnswer> = [
  { title: '课时', dataIndex: 'lessonName', width: 170 },
  {
    title: '弹出位置',
    dataIndex: 'markSecond',
    width: 86,
    render: (seconds: number) => formatDuration(seconds),
  },
  { title: '题目', dataIndex: 'content', width: 320 },
  { title: '作答', dataIndex: 'answer', width: 70 },
  {
    title: '结果',
    dataIndex: 'correct',
    width: 80,
    render: (correct: boolean) => (correct ? <Tag color="success">正确</Tag> : <Tag color="error">错误</Tag>),
  },
  dateTimeColumn<ReportPopupAnswer>('作答时间', 'answeredAt', 170),
];

/**
 * 学习详情 (hidden page, `?id=` the enrolment): what the server credited lesson by lesson, every
 * beat it refused and why (counts by reason; the list by lesson and reason), the pop-up questions as
 * asked with the answers, the face captures of the enrolment and its study ledger (学习账本); data
 * corrections (学习档案纠正) beside the original: the newest hours correction under the hours, every
 * correction in 数据更正.
 */
export function StudyDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const myClassId = readPositiveId(params.get('id'));
  const access = useAccess();
  const state = useRecord(myClassId, getStudyDetail);
  const [refusalFilters, setRefusalFilters] = useState<RefusalFilters>({});

  const back = access.can(STUDY_REPORT_PAGE) ? (
    <Button onClick={() => navigate(STUDY_REPORT_PAGE)}>返回学习档案</Button>
  ) : null;
  if (myClassId === null)
    return (
      <Result status="warning" title="未指定报名记录" subTitle="请从学习档案进入学习详情。" extra={back} />
    );
  if (state.status !== 'ready') return <RecordPending state={state} onRetry={state.reload} back={back} />;
  const detail = state.record;
  const showRefusals = (progressId: number) => {
    setRefusalFilters({ progressId });
    document.getElementById('refusals')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <Flex vertical gap={16}>
      <Card title="学习详情" extra={back}>
        <Descriptions
          bordered
          column={{ xs: 1, md: 2, xl: 3 }}
          items={overviewItems(detail, access.can(REPORT_STUDENT_PAGE))}
        />
      </Card>
      {detail.corrections.length > 0 && (
        <Card title={`数据更正（${detail.corrections.length}）`}>
          <CorrectionTable items={detail.corrections} />
        </Card>
      )}
      <Card title="课时学习记录">
        <StudyLessonTable lessons={detail.lessons} onShowRefusals={showRefusals} />
      </Card>
      <RefusalsCard
        myClassId={detail.enrolment.myClassId}
        total={detail.refusalTotal}
        counts={detail.refusalCounts}
        lessons={detail.lessons}
        filters={refusalFilters}
        onFilter={setRefusalFilters}
      />
      <Card title={`弹题作答（${detail.popupAnswers.length}）`}>
        <RowsTable<ReportPopupAnswer>
          rowKey="id"
          columns={answerColumns}
          dataSource={detail.popupAnswers}
          wide
          empty="没有弹题作答"
        />
      </Card>
      <Card title={`人脸核验抓拍（${detail.captureCount}）`}>
        <FaceCaptureTable accountId={detail.enrolment.accountId} myClassId={detail.enrolment.myClassId} />
      </Card>
      <LedgerCard myClassId={detail.enrolment.myClassId} />
    </Flex>
  );
}
