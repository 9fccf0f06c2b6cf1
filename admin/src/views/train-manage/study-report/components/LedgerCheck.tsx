import type { LedgerVerifyAnswer } from '@px/api/contract';
import { Alert, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { verifyStudyLedger } from '../../../../api/study-report';
import { studyDetailPath } from '../../../../utils/study-paths';

/** What 校验学习账本 found: all matching, or each enrolment with the first entry that does not. */
export function LedgerResult({
  result,
  canOpenStudy,
}: {
  result: LedgerVerifyAnswer;
  canOpenStudy: boolean;
}) {
  const counted = `已校验 ${result.enrolments} 个报名、${result.entries} 条账本记录`;
  if (result.ok) return <Alert type="success" showIcon message={`学习账本校验通过：${counted}，全部一致`} />;
  return (
    <Alert
      type="error"
      showIcon
      message={`学习账本校验未通过：${counted}，${result.mismatches.length} 个报名不一致`}
      description={
        <Flex vertical gap={4}>
          {result.mismatches.map((row) => (
            <Typography.Text key={row.myClassId}>
              {canOpenStudy ? (
                <Link to={studyDetailPath(row.myClassId)}>
                  {row.studentName ?? '—'} · {row.className ?? '—'}
                </Link>
              ) : (
                `${row.studentName ?? '—'} · ${row.className ?? '—'}`
              )}
              ：第 {row.seq ?? '—'} 条（记录号 {row.entryId ?? '—'}）{row.problemText}
            </Typography.Text>
          ))}
        </Flex>
      }
    />
  );
}

/**
 * 校验学习账本: recomputes the study ledgers (the project's, or one enrolment's) on the server and
 * shows what it found under the button's caller (`render` places the result).
 */
export function useLedgerCheck(myClassId?: number) {
  const [result, setResult] = useState<LedgerVerifyAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  const check = async () => {
    setLoading(true);
    try {
      setResult(await verifyStudyLedger(myClassId));
    } catch {
      // The client's feedback hook has shown the error.
    } finally {
      setLoading(false);
    }
  };
  const button = (
    <Button loading={loading} onClick={check}>
      校验学习账本
    </Button>
  );
  return { result, button };
}
