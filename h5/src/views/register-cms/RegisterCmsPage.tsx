import { type OpenCmsBatch, SKILL_LEVEL_LABELS } from '@px/api/contract';
import { formatFen } from '@px/config';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Form, Toast } from 'react-vant';
import { listOpenBatches, sendCmsApplyCode, submitCmsApply } from '../../api/cms';
import { EmptyState } from '../../components/EmptyState';
import { IdentityFields } from '../../components/form/IdentityFields';
import { MobileCodeFields } from '../../components/form/MobileCodeFields';
import { SubmitFooter } from '../../components/form/SubmitFooter';
import { PageError, PageLoading } from '../../components/PageState';
import { useCompleteSignIn } from '../../components/sign-in/useCompleteSignIn';
import { TextInput } from '../../components/TextInput';
import { useRemote } from '../../hooks/useRemote';
import { useFormSubmit } from '../../hooks/useSubmitLock';
import { myTabPath } from '../../router/paths';
import { tokenAtom } from '../../store/session';
import { RULES, required } from '../../utils/form-rules';
import { CandidateFields, type CandidateValues, candidateInput, SelectInput } from './CandidateFields';
import '../register/register.css';
import './register-cms.css';

interface RegisterCmsForm extends CandidateValues {
  batchId: string;
  realName: string;
  idCardNo: string;
  mobile: string;
  msgCode?: string;
  photo?: Blob | null;
}

/** What the chosen batch asks: the fee, the window, the places left and its notice. */
function BatchSummary({ batch }: { batch: OpenCmsBatch }) {
  return (
    <section className="register-cms__batch" aria-label="批次信息">
      <p>
        {batch.occupation}：{batch.levels.map((level) => SKILL_LEVEL_LABELS[level]).join('、')}
      </p>
      <p>
        报名时间：{batch.applyFrom} 至 {batch.applyTo}（剩余名额 {batch.placesLeft}）
      </p>
      <p>考试科目：{batch.subjects.map((subject) => subject.name).join('、')}</p>
      <p className="register-cms__fee">报名费：{batch.fee ? formatFen(batch.fee) : '免费'}</p>
      {batch.notice && <p className="register-cms__notice">{batch.notice}</p>}
    </section>
  );
}

/** `file` of the call is the form's `photo`. */
const PHOTO_FIELD = { file: 'photo' };

/**
 * /registerCms (public, spec section 2): registration for an examination batch open today. The
 * candidate gives name, ID number, mobile with an SMS code (signed out; a signed-in student applies
 * as themselves), the level, education, years of work, unit and an ID photo cropped to a passport
 * photo, as the batch requires; `?batchId=` chooses the batch. The account is created or bound and
 * signed in; the candidate goes on to 考试报名 under /my, where the fee is paid once approved.
 */
export function RegisterCmsPage() {
  const { state, reload } = useRemote(listOpenBatches);
  const [params] = useSearchParams();
  const signedIn = Boolean(useAtomValue(tokenAtom));
  const [form] = Form.useForm<RegisterCmsForm>();
  const { submitting, run } = useFormSubmit(form, PHOTO_FIELD);
  const completeSignIn = useCompleteSignIn();
  const navigate = useNavigate();
  const asked = params.get('batchId') ?? '';
  const [batchId, setBatchId] = useState<string>(asked);

  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'error') return <PageError message={state.message} onRetry={reload} />;
  const batches = state.value;
  const chosen =
    batches.find((batch) => String(batch.id) === batchId) ?? (batches.length === 1 ? batches[0] : undefined);

  const submit = (values: RegisterCmsForm) =>
    run(async () => {
      if (!chosen) return;
      const answer = await submitCmsApply(
        {
          batchId: chosen.id,
          realName: values.realName.trim(),
          idCardNo: values.idCardNo.trim().toUpperCase(),
          mobile: values.mobile.trim(),
          ...(signedIn ? {} : { msgCode: (values.msgCode ?? '').trim() }),
          ...candidateInput(values),
        },
        values.photo ?? null,
      );
      Toast.success('报名已提交，请等待审核');
      if (answer.session) completeSignIn(answer.session, myTabPath('exams'));
      else navigate(myTabPath('exams'), { replace: true });
    });

  return (
    <main className="page register register-cms">
      <header className="register__header">
        <h1 className="register__title">考试报名</h1>
        <p className="register__intro">职业技能等级认定、安全员考核等考试的网上报名</p>
      </header>
      {batches.length === 0 ? (
        <EmptyState description="当前没有正在报名的考试" />
      ) : (
        <>
          {batches.length > 1 && (
            <div className="register-cms__choose">
              <SelectInput
                id="register-cms-batch"
                label="考试批次"
                value={chosen ? String(chosen.id) : ''}
                onChange={setBatchId}
                choices={batches.map((batch) => ({ value: String(batch.id), label: batch.name }))}
                placeholder="请选择考试批次"
              />
            </div>
          )}
          {chosen && (
            <>
              <h2 className="register-cms__name">{chosen.name}</h2>
              <BatchSummary batch={chosen} />
              <Form
                key={chosen.id}
                form={form}
                onFinish={(values: RegisterCmsForm) => void submit(values)}
                footer={<SubmitFooter submitting={submitting}>提交报名</SubmitFooter>}
              >
                <IdentityFields />
                {signedIn ? (
                  <Form.Item name="mobile" label="手机号" rules={[required('请输入手机号'), RULES.mobile]}>
                    <TextInput
                      label="手机号"
                      type="tel"
                      inputMode="tel"
                      placeholder="请输入手机号"
                      maxLength={11}
                    />
                  </Form.Item>
                ) : (
                  <MobileCodeFields form={form} sendCode={sendCmsApplyCode} />
                )}
                <CandidateFields levels={chosen.levels} requiredFields={chosen.requiredFields} />
              </Form>
            </>
          )}
        </>
      )}
    </main>
  );
}
