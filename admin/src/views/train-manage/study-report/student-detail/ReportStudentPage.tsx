import { Button, Card, Descriptions, Flex, Result, Space } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { getReportStudent } from '../../../../api/study-report';
import { EnrolmentTable } from '../../../../components/EnrolmentTable';
import { RecordPending } from '../../../../components/RecordPending';
import { useAccess } from '../../../../hooks/useAccess';
import { useRecord } from '../../../../hooks/useRecord';
import { readPositiveId } from '../../../../utils/query-id';
import {
  STUDENT_DETAIL_PAGE,
  STUDY_DETAIL_PAGE,
  STUDY_REPORT_PAGE,
  studentDetailPath,
} from '../../../../utils/study-paths';

/**
 * 学员档案详情 (hidden page, `?id=` the student's account): the student (ID number masked) and every
 * enrolment with its state and credited hours; 学习详情 opens one enrolment's study, 学员资料 the
 * student's record in 学员管理 (each for roles granted it).
 */
export function ReportStudentPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const accountId = readPositiveId(params.get('id'));
  const access = useAccess();
  const state = useRecord(accountId, getReportStudent);

  const back = access.can(STUDY_REPORT_PAGE) ? (
    <Button onClick={() => navigate(STUDY_REPORT_PAGE)}>返回学习档案</Button>
  ) : null;
  if (accountId === null)
    return (
      <Result status="warning" title="未指定学员" subTitle="请从学习档案进入学员档案详情。" extra={back} />
    );
  if (state.status !== 'ready') return <RecordPending state={state} onRetry={state.reload} back={back} />;
  const { student, enrolments } = state.record;

  return (
    <Flex vertical gap={16}>
      <Card
        title="学员档案"
        extra={
          <Space>
            {access.can(STUDENT_DETAIL_PAGE) && (
              <Link to={studentDetailPath(student.accountId)}>学员资料</Link>
            )}
            {back}
          </Space>
        }
      >
        <Descriptions
          bordered
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'name', label: '姓名', children: student.studentName },
            { key: 'idCardNo', label: '身份证号', children: student.idCardNo || '—' },
            { key: 'mobile', label: '手机号', children: student.mobile || '—' },
            { key: 'unit', label: '所属单位', children: student.unitName || '—' },
          ]}
        />
      </Card>
      <Card title={`报名班级（${enrolments.length}）`}>
        <EnrolmentTable enrolments={enrolments} canOpenStudy={access.can(STUDY_DETAIL_PAGE)} />
      </Card>
    </Flex>
  );
}
