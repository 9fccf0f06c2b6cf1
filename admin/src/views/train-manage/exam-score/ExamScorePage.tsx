import type { ExamScoreRow } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { exportExamScores, listExamClassOptions, listExamScores } from '../../../api/exam';
import { ClassChoiceSelect } from '../../../components/ClassChoiceSelect';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage, STUDENT_FILTER } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { myClassStatusColumn } from '../../../components/MyClassStatusTag';
import { orDash } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { useClassChoices } from '../../../hooks/useClassChoices';
import { STUDENT_DETAIL_PAGE, studentDetailPath } from '../../../utils/study-paths';
import { AttemptsDrawer } from './components/AttemptsDrawer';
import { scoreText } from './components/ReviewList';

/** The file name of 导出. */
export const EXAM_SCORE_EXPORT_FILE = '考试成绩.xlsx';

const PASSED_OPTIONS = [
  { value: true, label: '已合格' },
  { value: false, label: '未合格' },
];

/** The columns of the scores; names link to 学员详情 for roles holding it. */
function scoreColumns(
  canOpenStudent: boolean,
  onAttempts: (row: ExamScoreRow) => void,
): ListColumn<ExamScoreRow>[] {
  return [
    {
      title: '学员',
      dataIndex: 'studentName',
      width: 100,
      render: (name: string, row) =>
        canOpenStudent ? <Link to={studentDetailPath(row.accountId)}>{name}</Link> : name,
    },
    { title: '身份证号', dataIndex: 'idCardNo', width: 160, optional: 'shown', render: orDash },
    {
      title: '班级（年度）',
      dataIndex: 'className',
      width: 200,
      render: (name: string, row) => `${name}（${row.year}）`,
    },
    myClassStatusColumn<ExamScoreRow>('学习状态', 90, 'enrolmentStatus'),
    {
      title: '考试次数',
      key: 'attempts',
      width: 90,
      optional: 'shown',
      align: 'right',
      render: (_value, row) => `${row.attemptsUsed} / ${row.attemptsAllowed}`,
    },
    { title: '最高分', dataIndex: 'bestScore', width: 80, align: 'right', render: scoreText },
    {
      title: '合格分',
      dataIndex: 'passScore',
      width: 80,
      optional: 'shown',
      align: 'right',
      render: scoreText,
    },
    {
      title: '考试结果',
      dataIndex: 'passed',
      width: 90,
      render: (passed: boolean, row) =>
        passed ? (
          <Tag color="success">合格</Tag>
        ) : row.attemptsUsed === 0 ? (
          <Tag>未考试</Tag>
        ) : (
          <Tag color="error">未合格</Tag>
        ),
    },
    {
      title: '最后交卷',
      dataIndex: 'lastSubmittedAt',
      width: 170,
      optional: 'hidden',
      render: (value: string | null) => (value ? formatDateTime(value) : '—'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_value, row) => (
        <Button type="link" size="small" disabled={row.attemptsUsed === 0} onClick={() => onAttempts(row)}>
          考试记录
        </Button>
      ),
    },
  ];
}

/**
 * 考试成绩 (project staff): enrolments of classes requiring an exam with attempts used, best score,
 * pass mark and result; filters class, student (part of the name, the whole ID number or mobile) and
 * passed; 考试记录 lists an enrolment's attempts and opens each answer sheet; 导出 downloads the
 * filtered list as `.xlsx`.
 */
export function ExamScorePage() {
  const list = useListCall('exam-score/page', listExamScores);
  const classes = useClassChoices(listExamClassOptions);
  const canOpenStudent = useAccess().can(STUDENT_DETAIL_PAGE);
  const [viewing, setViewing] = useState<ExamScoreRow | null>(null);
  const filters: FilterField<FiltersOf<'exam-score/page'>>[] = [
    { kind: 'custom', name: 'classId', label: '班级', control: <ClassChoiceSelect classes={classes} /> },
    { ...STUDENT_FILTER, width: 210 },
    { kind: 'select', name: 'passed', label: '考试结果', options: PASSED_OPTIONS, width: 110 },
  ];

  return (
    <ListPage
      title="考试成绩"
      list={list}
      name="exam-score-filters"
      filters={filters}
      exportTo={{ download: exportExamScores, fileName: EXAM_SCORE_EXPORT_FILE }}
      columns={scoreColumns(canOpenStudent, setViewing)}
      columnsId="train-manage/exam-score"
      rowKey="myClassId"
    >
      <AttemptsDrawer row={viewing} onClose={() => setViewing(null)} />
    </ListPage>
  );
}
