import {
  CERTIFICATE_KIND_LABELS,
  CERTIFICATE_STATE_LABELS,
  type CertificateDetail,
  type CertificatePrint,
  type CertificateState,
  SKILL_LEVEL_LABELS,
} from '@px/api/contract';
import { Descriptions, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { RowsTable } from './RowsTable';
import { dateTimeColumn, orDash } from './table-columns';

/** 有效 (green) or 已停用 (red). */
export function CertificateStateTag({ status }: { status: CertificateState }) {
  return <Tag color={status === 'VALID' ? 'success' : 'error'}>{CERTIFICATE_STATE_LABELS[status]}</Tag>;
}

const PRINT_COLUMNS: ColumnsType<CertificatePrint> = [
  dateTimeColumn('补打时间', 'createdAt'),
  { title: '操作人', dataIndex: 'actorName', render: orDash },
];

/** What a certificate certifies: the class and hours, or the skill assessment of a skill certificate. */
function subjectItems(certificate: CertificateDetail) {
  if (certificate.kind === 'SKILL')
    return [
      {
        key: 'skill',
        label: '职业/工种',
        // With the vocational resource tree's code, when the certificate keeps one.
        children: certificate.skillCode
          ? `${certificate.skillName}（${certificate.skillCode}）`
          : certificate.skillName,
      },
      {
        key: 'level',
        label: '技能等级',
        children: certificate.skillLevel ? SKILL_LEVEL_LABELS[certificate.skillLevel] : '—',
      },
      { key: 'score', label: '考核成绩', children: certificate.score ?? '—' },
      { key: 'assess', label: '考核日期', children: certificate.assessDate },
      { key: 'issuer', label: '发证单位', children: certificate.issuer, span: 2 },
    ];
  return [
    { key: 'class', label: '班级', children: certificate.className, span: 2 },
    { key: 'year', label: '年度', children: certificate.year },
    { key: 'score', label: '考试成绩', children: certificate.score ?? '—' },
    { key: 'public', label: '公需学时', children: certificate.publicHours },
    { key: 'specialized', label: '专业学时', children: certificate.specializedHours },
    { key: 'elective', label: '选修学时', children: certificate.electiveHours },
    { key: 'total', label: '总学时', children: certificate.totalHours },
  ];
}

/** A certificate's snapshot, codes, state, template and query address. */
export function CertificateDescriptions({ certificate }: { certificate: CertificateDetail }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}
      items={[
        { key: 'kind', label: '证书类型', children: CERTIFICATE_KIND_LABELS[certificate.kind] },
        { key: 'status', label: '状态', children: <CertificateStateTag status={certificate.status} /> },
        { key: 'name', label: '姓名', children: certificate.studentName },
        { key: 'id', label: '身份证号', children: certificate.idCardNo },
        ...subjectItems(certificate),
        { key: 'no', label: '证书编号', children: certificate.certificateNo },
        { key: 'code', label: '验证码', children: certificate.verifyCode },
        { key: 'date', label: '发证日期', children: certificate.issueDate },
        { key: 'prints', label: '补打次数', children: certificate.printCount },
        { key: 'template', label: '证书模板', children: certificate.templateName ?? '默认版式', span: 2 },
        {
          key: 'url',
          label: '查验地址',
          span: 2,
          children: <Typography.Text copyable>{certificate.queryUrl}</Typography.Text>,
        },
      ]}
    />
  );
}

/** The reprints of a certificate, newest first. */
export function CertificatePrintLog({ prints }: { prints: CertificatePrint[] }) {
  return (
    <RowsTable<CertificatePrint> rowKey="id" columns={PRINT_COLUMNS} dataSource={prints} empty="尚未补打" />
  );
}
