import { type PublicCmsScore, SKILL_LEVEL_LABELS } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { useEffect, useState } from 'react';
import { Form } from 'react-vant';
import { getMyCmsScore } from '../../api/cms';
import { EmptyState } from '../../components/EmptyState';
import { SubmitFooter } from '../../components/form/SubmitFooter';
import { SliderCaptcha } from '../../components/SliderCaptcha';
import { TextInput } from '../../components/TextInput';
import { useSubmitLock } from '../../hooks/useSubmitLock';
import { preloadFieldValidators, RULES, required } from '../../utils/form-rules';
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
  const [form] = Form.useForm<{ idCardNo: string; realName: string }>();
  const { submitting, run } = useSubmitLock();
  const [pending, setPending] = useState<{ idCardNo: string; realName: string } | null>(null);
  const [found, setFound] = useState<PublicCmsScore[] | null>(null);
  useEffect(preloadFieldValidators, []);
  const onVerified = (token: string) => {
    const asked = pending;
    setPending(null);
    if (!asked) return;
    void run(async () => {
      try {
        setFound(await getMyCmsScore(asked.idCardNo, asked.realName, token));
      } catch {
        // The request client has shown why.
      }
    });
  };
  return (
    <main className="page query-certificate">
      <header className="query-certificate__header">
        <h1 className="query-certificate__title">成绩查询</h1>
        <p className="query-certificate__subtitle">查询职业技能等级认定等考试的成绩</p>
      </header>
      <Form
        form={form}
        onFinish={(values: { idCardNo: string; realName: string }) =>
          setPending({ idCardNo: values.idCardNo.trim().toUpperCase(), realName: values.realName.trim() })
        }
        footer={<SubmitFooter submitting={submitting}>查询</SubmitFooter>}
      >
        <Form.Item name="idCardNo" label="身份证号" rules={[required('请输入身份证号'), RULES.idCardNumber]}>
          <TextInput label="身份证号" placeholder="请输入身份证号" maxLength={18} autoComplete="off" />
        </Form.Item>
        <Form.Item name="realName" label="姓名" rules={[required('请输入姓名')]}>
          <TextInput label="姓名" placeholder="请输入姓名" maxLength={50} autoComplete="off" />
        </Form.Item>
      </Form>
      <SliderCaptcha visible={pending !== null} onVerified={onVerified} onClose={() => setPending(null)} />
      {found !== null && found.length === 0 && (
        <EmptyState kind="search" description="未查询到已发布的成绩，请核对身份证号和姓名" />
      )}
      {found?.map((score) => (
        <ScoreResult key={`${score.batchName}-${score.skillLevel}`} score={score} />
      ))}
    </main>
  );
}
