import { type PublicCmsScore, SKILL_LEVEL_LABELS } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { useState } from 'react';
import { getMyCmsScore } from '../../api/cms';
import { EmptyState } from '../../components/EmptyState';
import { IdentityQueryForm } from '../../components/form/IdentityQueryForm';
import '../query-certificate/query-certificate.css';
import './cms-score.css';

/** One published result: pass or fail in large type, the score of each subject, the certificate. */
function ScoreResult({ score }: { score: PublicCmsScore }) {
  return (
    <section className="query-result" aria-label={`成绩 ${score.batchName}`}>
      <div
        className={`query-result__status query-result__status--${score.passed ? 'valid' : 'disabled'}`}
        role="status"
      >
        <strong>{score.passed ? '合格' : '不合格'}</strong>
        <span>
          {score.batchName}（{score.occupation} {SKILL_LEVEL_LABELS[score.skillLevel]}）
        </span>
      </div>
      <table className="cms-score__table">
        <thead>
          <tr>
            <th scope="col">科目</th>
            <th scope="col">成绩</th>
            <th scope="col">及格/满分</th>
          </tr>
        </thead>
        <tbody>
          {score.subjects.map((subject) => (
            <tr key={subject.name}>
              <td>{subject.name}</td>
              <td>{subject.absent ? '缺考' : (subject.score ?? '—')}</td>
              <td>
                {subject.passMark} / {subject.fullMark}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="query-result__issuer">
        考生：{score.realName}
        {score.ticketNo ? ` · 准考证号 ${score.ticketNo}` : ''}
      </p>
      {score.certificateNo && <p className="query-result__issuer">证书编号：{score.certificateNo}</p>}
      <p className="query-result__issuer">
        发布时间：{formatDateTime(score.publishedAt, 'YYYY-MM-DD HH:mm')}
      </p>
    </section>
  );
}

/**
 * /cms-api/get-my-score (public, spec section 2): a candidate's published examination results by ID
 * number and name, asked after the slider captcha: pass or fail, each subject's score and the
 * certificate number when one was issued. Unpublished scores are never shown.
 */
export function CmsScorePage() {
  const [found, setFound] = useState<PublicCmsScore[] | null>(null);
  return (
    <main className="page query-certificate">
      <header className="query-certificate__header">
        <h1 className="query-certificate__title">成绩查询</h1>
        <p className="query-certificate__subtitle">查询职业技能等级认定等考试的成绩</p>
      </header>
      <IdentityQueryForm
        onQuery={async (asked, token) => setFound(await getMyCmsScore(asked.idCardNo, asked.realName, token))}
      />
      {found !== null && found.length === 0 && (
        <EmptyState kind="search" description="未查询到已发布的成绩，请核对身份证号和姓名" />
      )}
      {found?.map((score) => (
        <ScoreResult key={`${score.batchName}-${score.skillLevel}`} score={score} />
      ))}
    </main>
  );
}
