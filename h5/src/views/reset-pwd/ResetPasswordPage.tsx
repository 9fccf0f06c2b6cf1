import { encryptLoginField } from '@px/config';
import { useAtomValue } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { Form, Toast } from 'react-vant';
import { forgetPassword, sendForgetMsgCode } from '../../api/forget';
import { MobileCodeFields } from '../../components/form/MobileCodeFields';
import { NewPasswordFields } from '../../components/form/NewPasswordFields';
import { SubmitFooter } from '../../components/form/SubmitFooter';
import { PageError, PageLoading } from '../../components/PageState';
import { useFormSubmit } from '../../hooks/useSubmitLock';
import { useSystemInfo } from '../../hooks/useSystemInfo';
import { LOGIN_PATH } from '../../router/paths';
import { unitIdAtom } from '../../store/project';
import '../register/register.css';

interface ResetForm {
  mobile: string;
  msgCode: string;
  password: string;
  confirmPassword: string;
}

/** The toast shown on the sign-in page's way after the password was reset. */
export const RESET_DONE_MESSAGE = '密码已重置，请使用新密码登录';

/**
 * /reset-pwd: a new password by SMS code (`forget/send-msg-code-by-forget`, then
 * `forget/forget-password` with the new password encrypted); back to /login with a success toast.
 */
export function ResetPasswordPage() {
  const systemInfo = useSystemInfo();
  const unitId = useAtomValue(unitIdAtom);
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetForm>();
  const { submitting, run } = useFormSubmit(form);

  if (systemInfo.status === 'loading') return <PageLoading />;
  if (systemInfo.status === 'error')
    return <PageError message={systemInfo.message} onRetry={systemInfo.reload} />;
  const { loginPublicKey } = systemInfo.settings;

  const sendCode = (mobile: string) => sendForgetMsgCode({ mobile, ...(unitId ? { unitId } : {}) });

  const submit = (values: ResetForm) =>
    run(async () => {
      await forgetPassword({
        mobile: values.mobile.trim(),
        msgCode: values.msgCode.trim(),
        password: await encryptLoginField(values.password, loginPublicKey),
        ...(unitId ? { unitId } : {}),
      });
      Toast.success(RESET_DONE_MESSAGE);
      navigate(LOGIN_PATH, { replace: true });
    });

  return (
    <main className="page register">
      <header className="register__header">
        <h1 className="register__title">找回密码</h1>
        <p className="register__intro">通过注册手机号接收验证码，设置新密码</p>
      </header>
      <Form
        form={form}
        onFinish={(values: ResetForm) => void submit(values)}
        footer={<SubmitFooter submitting={submitting}>重置密码</SubmitFooter>}
      >
        <MobileCodeFields form={form} sendCode={sendCode} placeholder="请输入注册手机号" />
        <NewPasswordFields />
      </Form>
      <p className="register__login">
        想起密码了？<Link to={LOGIN_PATH}>去登录</Link>
      </p>
    </main>
  );
}
