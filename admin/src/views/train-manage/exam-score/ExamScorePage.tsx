import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { ExamScoreRow, MyClassStatus } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { Button, Card, Form, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { exportExamScores, listExamClassOptions, listExamScores } from '../../../api/exam';
import { ClassChoiceSelect } from '../../../components/ClassChoiceSelect';
import { ListFilterBar } from '../../../components/ListFilterBar';
import { type ListColumn, ListTable } from '../../../components/ListTable';
import { MyClassStatusTag } from '../../../components/MyClassStatusTag';
import { orDash } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { useClassChoices } from '../../../hooks/useClassChoices';
import { useExport } from '../../../hooks/useExport';
import { usePagedList } from '../../../hooks/usePagedList';
import { STUDENT_DETAIL_PAGE, studentDetailPath } from '../../../utils/study-paths';
import { AttemptsDrawer } from './components/AttemptsDrawer';
import { scoreText } from './components/ReviewList';

/** The file name of 导出. */
export const EXAM_SCORE_EXPORT_FILE = '考试成绩.xlsx';

/** The filters of the scores. */
interface ScoreFilters {
  classId?: number;
  student?: string;
  passed?: boolean;
}

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
    {
      title: '学习状态',
      dataIndex: 'enrolmentStatus',
      width: 90,
      render: (status: MyClassStatus) => <MyClassStatusTag status={status} />,
    },
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
  const list = usePagedList<ScoreFilters, ExamScoreRow>(listExamScores, {});
  const classes = useClassChoices(listExamClassOptions);
  const canOpenStudent = useAccess().can(STUDENT_DETAIL_PAGE);
  const exporter = useExport(() => exportExamScores(list.filters), EXAM_SCORE_EXPORT_FILE);
  const [viewing, setViewing] = useState<ExamScoreRow | null>(null);

  return (
    <Card title="考试成绩">
      <ListFilterBar<ScoreFilters>
        name="exam-score-filters"
        onSearch={(values) =>
          list.search({
            classId: values.classId,
            student: values.student?.trim() || undefined,
            passed: values.passed,
          })
        }
        onReset={list.reset}
        style={{ rowGap: 12 }}
        extra={
          <Button
            icon={<DownloadOutlined />}
            loading={exporter.exporting}
            onClick={() => void exporter.run()}
          >
            导出
          </Button>
        }
      >
        <Form.Item name="classId" label="班级">
          <ClassChoiceSelect classes={classes} />
        </Form.Item>
        <Form.Item name="student" label="学员">
          <Input allowClear maxLength={50} placeholder="姓名、身份证号或手机号" style={{ width: 210 }} />
        </Form.Item>
        <Form.Item name="passed" label="考试结果">
          <Select allowClear placeholder="全部" options={PASSED_OPTIONS} style={{ width: 110 }} />
        </Form.Item>
      </ListFilterBar>
      <ListTable<ExamScoreRow>
        columnsId="train-manage/exam-score"
        rowKey="myClassId"
        columns={scoreColumns(canOpenStudent, setViewing)}
        {...list.tableProps}
      />
      <AttemptsDrawer row={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
