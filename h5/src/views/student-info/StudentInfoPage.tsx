import type { CompleteInfoField } from '@px/api/contract';
import { useCallback, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Form, Toast } from 'react-vant';
import { completeInfo, getNeedComplete } from '../../api/account';
import { SubmitFooter } from '../../components/form/SubmitFooter';
import { PageError, PageLoading } from '../../components/PageState';
import { TextInput } from '../../components/TextInput';
import { useRemote } from '../../hooks/useRemote';
import { useFormSubmit } from '../../hooks/useSubmitLock';
import { myTabPath, safeRedirectTarget } from '../../router/paths';
import { preloadFieldValidators, RULES, required } from '../../utils/form-rules';
import '../register/register.css';

type InfoForm = Partial<Record<CompleteInfoField, string>>;

/** The toast after completing. */
export const INFO_DONE_MESSAGE = '信息已完善';

/** The fields of the form, in order: only the missing ones are asked for. */
function InfoField({ field }: { field: CompleteInfoField }) {
  switch (field) {
    case 'realName':
      return (
        <Form.Item name="realName" label="姓名" rules={[required('请输入姓名')]}>
          <TextInput label="姓名" placeholder="请输入真实姓名" autoComplete="name" maxLength={50} />
        </Form.Item>
      );
    case 'idCardNo':
      return (
        <Form.Item name="idCardNo" label="身份证号" rules={[required('请输入身份证号'), RULES.idCardNumber]}>
          <TextInput label="身份证号" placeholder="请输入身份证号" maxLength={18} />
        </Form.Item>
      );
    case 'mobile':
      return (
        <Form.Item name="mobile" label="手机号" rules={[required('请输入手机号'), RULES.mobile]}>
          <TextInput label="手机号" placeholder="请输入手机号" type="tel" autoComplete="tel" maxLength={11} />
        </Form.Item>
      );
  }
}

/**
 * /student/info (完善信息): what the project requires of the student before studying
 * (`account/is-need-complete`): the missing fields of 姓名, 身份证号 and 手机号, or a confirmation
 * when staff asked for one; `account/complete-info` saves them, then back to `redirect` (the study
 * page that sent the student here; 我的班级 without one). A student with nothing to complete goes
 * straight on.
 */
export function StudentInfoPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeRedirectTarget(params.get('redirect'), myTabPath('classes'));
  const need = useRemote(useCallback(() => getNeedComplete(), []));
  const [form] = Form.useForm<InfoForm>();
  const { submitting, run } = useFormSubmit(form);
  useEffect(preloadFieldValidators, []);
  const done = need.state.status === 'ready' && !need.state.value.needComplete;
  useEffect(() => {
    if (done) navigate(next, { replace: true });
  }, [done, navigate, next]);

  if (need.state.status === 'loading' || done) return <PageLoading />;
  if (need.state.status === 'error') return <PageError message={need.state.message} onRetry={need.reload} />;
  const { missing } = need.state.value;

  const submit = (values: InfoForm) =>
    run(async () => {
      const input: InfoForm = {};
      for (const field of missing) {
        const value = values[field]?.trim();
        if (value) input[field] = field === 'idCardNo' ? value.toUpperCase() : value;
      }
      await completeInfo(input);
      Toast.success(INFO_DONE_MESSAGE);
      navigate(next, { replace: true });
    });

  return (
    <main className="page register">
      <header className="register__header">
        <h1 className="register__title">完善个人信息</h1>
        <p className="register__intro">
          {missing.length > 0
            ? '根据项目要求，开始学习前请先完善以下信息，用于学时认定和证书发放'
            : '根据项目要求，开始学习前请确认您的个人信息'}
        </p>
      </header>
      <Form
        form={form}
        onFinish={(values: InfoForm) => void submit(values)}
        footer={
          <SubmitFooter submitting={submitting}>
            {missing.length > 0 ? '保存并继续' : '确认并继续'}
          </SubmitFooter>
        }
      >
        {missing.map((field) => (
          <InfoField key={field} field={field} />
        ))}
      </Form>
    </main>
  );
}
