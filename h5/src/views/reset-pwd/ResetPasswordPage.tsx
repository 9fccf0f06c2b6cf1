import { encryptLoginField } from '@px/config';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Form, Toast } from 'react-vant';
import { forgetPassword, sendForgetMsgCode } from '../../api/forget';
import { PageError, PageLoading } from '../../components/PageState';
import { SmsCodeButton } from '../../components/SmsCodeButton';
import { TextInput } from '../../components/TextInput';
import { useSystemInfo } from '../../hooks/useSystemInfo';
import { LOGIN_PATH } from '../../router/paths';
import { unitIdAtom } from '../../store/project';
import { showServerFieldErrors } from '../../utils/form-errors';
import { preloadFieldValidators, RULES, required, sameAs } from '../../utils/form-rules';
import { showLocalError } from '../../utils/show-error';
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
  const [submitting, setSubmitting] = useState(false);
  useEffect(preloadFieldValidators, []);

  if (systemInfo.status === 'loading') return <PageLoading />;
  if (systemInfo.status === 'error')
    return <PageError message={systemInfo.message} onRetry={systemInfo.reload} />;
  const { loginPublicKey } = systemInfo.settings;

  const sendCode = async () => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      return null;
    }
    const mobile = String(form.getFieldValue('mobile')).trim();
    return sendForgetMsgCode({ mobile, ...(unitId ? { unitId } : {}) });
  };

  const submit = async (values: ResetForm) => {
    if (submitting) return;
    setSubmitting(true);
    try {
      await forgetPassword({
        mobile: values.mobile.trim(),
        msgCode: values.msgCode.trim(),
        password: await encryptLoginField(values.password, loginPublicKey),
        ...(unitId ? { unitId } : {}),
      });
      Toast.success(RESET_DONE_MESSAGE);
      navigate(LOGIN_PATH, { replace: true });
    } catch (error) {
      showLocalError(error);
      showServerFieldErrors(form, error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main className="page register">
      <header className="register__header">
        <h1 className="register__title">找回密码</h1>
        <p className="register__intro">通过注册手机号接收验证码，设置新密码</p>
      </header>
      <Form
        form={form}
        onFinish={(values: ResetForm) => void submit(values)}
        footer={
          <div className="register__footer">
            <Button round block type="primary" nativeType="submit" loading={submitting} disabled={submitting}>
              重置密码
            </Button>
          </div>
        }
      >
        <Form.Item name="mobile" label="手机号" rules={[required('请输入手机号'), RULES.mobile]}>
          <TextInput
            label="手机号"
            type="tel"
            inputMode="tel"
            placeholder="请输入注册手机号"
            autoComplete="tel"
            maxLength={11}
          />
        </Form.Item>
        <Form.Item
          name="msgCode"
          label="验证码"
          rules={[required('请输入短信验证码'), RULES.smsCode]}
          suffix={<SmsCodeButton send={sendCode} />}
        >
          <TextInput
            label="验证码"
            inputMode="numeric"
            placeholder="请输入短信验证码"
            autoComplete="one-time-code"
            maxLength={6}
          />
        </Form.Item>
        <Form.Item name="password" label="新密码" rules={[required('请输入新密码'), RULES.password]}>
          <TextInput
            label="新密码"
            type="password"
            placeholder="字母开头，6-19位，含数字"
            autoComplete="new-password"
            maxLength={19}
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="确认密码"
          dependencies={['password']}
          rules={[required('请再次输入新密码'), sameAs('password')]}
        >
          <TextInput
            label="确认密码"
            type="password"
            placeholder="请再次输入新密码"
            autoComplete="new-password"
            maxLength={19}
          />
        </Form.Item>
      </Form>
      <p className="register__login">
        想起密码了？<Link to={LOGIN_PATH}>去登录</Link>
      </p>
    </main>
  );
}
