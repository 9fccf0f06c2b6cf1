import {
  CERTIFICATE_KIND_LABELS,
  CERTIFICATE_STATE_LABELS,
  type CertificateState,
  SKILL_LEVEL_LABELS,
  type CertificateSnapshot as Snapshot,
} from '@px/api/contract';
import { Cell, Tag } from 'react-vant';
import './certificate.css';

/** 有效 (green) or 已停用 (red). */
export function CertificateStateTag({ status }: { status: CertificateState }) {
  return (
    <Tag type={status === 'VALID' ? 'success' : 'danger'} size="medium">
      {CERTIFICATE_STATE_LABELS[status]}
    </Tag>
  );
}

/**
 * What a certificate says, as cells: the holder, ID number, class (or 年度学时证书), year, hours per
 * type and in total, score (class certificates) and issue date, with the number when given; for a
 * skill certificate its skill, level, assessment score and date instead of class, year and hours.
 */
export function CertificateSnapshotCells({
  certificate,
  certificateNo,
}: {
  certificate: Snapshot;
  certificateNo?: string;
}) {
  const isYear = certificate.kind === 'YEAR';
  if (certificate.kind === 'SKILL')
    return (
      <Cell.Group inset className="certificate-cells">
        {certificateNo && <Cell title="证书编号" value={certificateNo} />}
        <Cell title="证书类型" value={CERTIFICATE_KIND_LABELS.SKILL} />
        <Cell title="姓名" value={certificate.studentName} />
        <Cell title="身份证号" value={certificate.idCardNo} />
        <Cell title="职业/工种" value={certificate.skillName ?? '—'} />
        <Cell
          title="技能等级"
          value={certificate.skillLevel ? SKILL_LEVEL_LABELS[certificate.skillLevel] : '—'}
        />
        <Cell title="考核成绩" value={certificate.score === null ? '—' : `${certificate.score} 分`} />
        <Cell title="考核日期" value={certificate.assessDate ?? '—'} />
        <Cell title="发证日期" value={certificate.issueDate} />
      </Cell.Group>
    );
  return (
    <Cell.Group inset className="certificate-cells">
      {certificateNo && <Cell title="证书编号" value={certificateNo} />}
      <Cell title="证书类型" value={CERTIFICATE_KIND_LABELS[certificate.kind]} />
      <Cell title="姓名" value={certificate.studentName} />
      <Cell title="身份证号" value={certificate.idCardNo} />
      {!isYear && <Cell title="班级" value={certificate.className} />}
      <Cell title="年度" value={`${certificate.year}`} />
      <Cell title="公需学时" value={`${certificate.publicHours}`} />
      <Cell title="专业学时" value={`${certificate.specializedHours}`} />
      <Cell title="选修学时" value={`${certificate.electiveHours}`} />
      <Cell title="总学时" value={`${certificate.totalHours}`} />
      {!isYear && (
        <Cell title="考试成绩" value={certificate.score === null ? '无考试' : `${certificate.score} 分`} />
      )}
      <Cell title="发证日期" value={certificate.issueDate} />
    </Cell.Group>
  );
}
