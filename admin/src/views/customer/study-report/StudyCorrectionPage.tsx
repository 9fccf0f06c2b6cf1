import type { StudyReportRow } from '@px/api/contract';
import { Button, Card, Flex, Space, Typography } from 'antd';
import { useState } from 'react';
import { getReportClassOptions, listStudyCorrections, listStudyReport } from '../../../api/study-report';
import { HoursLines } from '../../../components/EnrolmentTable';
import type { ListColumn } from '../../../components/ListTable';
import { ListPage, ListView } from '../../../components/list-page/ListPage';
import { useListCall } from '../../../components/list-page/list-call';
import { myClassStatusColumn } from '../../../components/MyClassStatusTag';
import { correctionColumns } from '../../../components/StudyCorrections';
import { studyReportFilters } from '../../../components/study-report-filters';
import { orDash } from '../../../components/table-columns';
import { useClassChoices } from '../../../hooks/useClassChoices';
import { useRowDialog } from '../../../hooks/useRowDialog';
import { HoursCorrectionModal } from './components/HoursCorrectionModal';
import { LessonCorrectionDrawer } from './components/LessonCorrectionDrawer';

/** Enrolments with a study record to correct (the server refuses the others). */
const CORRECTABLE: ReadonlySet<StudyReportRow['status']> = new Set([
  'STUDYING',
  'FINISHED_STUDY',
  'PASSED',
  'EXPIRED',
]);

/** Credited hours, and the corrected ones beside them when corrected. */
function HoursCell({ row }: { row: StudyReportRow }) {
  return (
    <HoursLines row={row}>
      {row.correctedHours && (
        <Typography.Text type="warning">
          更正为 必修 {row.correctedHours.requiredHours} / 选修 {row.correctedHours.electiveHours}
        </Typography.Text>
      )}
    </HoursLines>
  );
}

/**
 * 学习档案纠正 (客服 with the page): finds an enrolment by class and student (the archive's
 * `study-report/page`), corrects its credited hours (更正学时) or a started lesson's state (更正课时),
 * always with a reason; 更正记录 lists every correction with the original beside what it became and
 * the correction push a record the regulator had accepted was sent again as.
 */
export function StudyCorrectionPage() {
  const list = useListCall('study-report/page', listStudyReport);
  const corrections = useListCall('study-report/corrections', listStudyCorrections);
  const classes = useClassChoices(getReportClassOptions);
  const [hours, hoursDialog] = useRowDialog<StudyReportRow>();
  const [lessons, setLessons] = useState<StudyReportRow | null>(null);
  const corrected = () => {
    list.reload();
    corrections.reload();
  };

  const columns: ListColumn<StudyReportRow>[] = [
    { title: '学员', dataIndex: 'studentName', width: 90 },
    { title: '身份证号', dataIndex: 'idCardNo', width: 170, optional: 'shown', render: orDash },
    { title: '班级', dataIndex: 'className', width: 190 },
    myClassStatusColumn<StudyReportRow>('状态', 90, 'status'),
    {
      title: '学时（已获/要求）',
      key: 'hours',
      width: 190,
      ellipsis: false,
      render: (_value, row) => <HoursCell row={row} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_value, row) =>
        CORRECTABLE.has(row.status) ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => hoursDialog.show(row)}>
              更正学时
            </Button>
            <Button type="link" size="small" onClick={() => setLessons(row)}>
              更正课时
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">尚无学习记录</Typography.Text>
        ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <ListPage
        title="学习档案纠正"
        list={list}
        name="study-correction-filters"
        filters={studyReportFilters(classes)}
        columns={columns}
        columnsId="customer/study-report"
        rowKey="myClassId"
        header={
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            按班级、学员查找报名记录，更正其学时或课时状态，须填写更正原因。更正与原始学习记录并列保存在学习档案和学员的学习记录中；已上报监管平台的记录会作为更正重新上报。
          </Typography.Paragraph>
        }
      >
        {hours && (
          <HoursCorrectionModal
            key={hours.row.myClassId}
            row={hours.row}
            open={hours.open}
            onSaved={() => {
              hoursDialog.close();
              corrected();
            }}
            onClose={hoursDialog.close}
            afterClose={hoursDialog.afterClose}
          />
        )}
        <LessonCorrectionDrawer row={lessons} onCorrected={corrected} onClose={() => setLessons(null)} />
      </ListPage>
      <Card title="更正记录">
        <ListView
          list={corrections}
          name="study-corrections"
          filters={[]}
          columns={correctionColumns(true)}
          columnsId="customer/study-report/corrections"
          table={{ locale: { emptyText: '还没有数据更正' } }}
        />
      </Card>
    </Flex>
  );
}
