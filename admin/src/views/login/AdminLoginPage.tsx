import LockOutlined from '@ant-design/icons/LockOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import type { ImageCaptcha } from '@px/api/contract';
import { ApiError, encryptLoginField, formatDateTime } from '@px/config';
import { Alert, Button, Checkbox, Form, Input, message } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { checkAccountBeforeLogin, getLoginVcode, login } from '../../api/login';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed } from '../../components/RecordPending';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useSystemInfo } from '../../hooks/useSystemInfo';
import { safeRedirectTarget } from '../../router/paths';
import { unitIdAtom } from '../../store/project';
import { setTokenAtom } from '../../store/session';
import './admin-login.css';
import { required } from '../../utils/form-rules';

/** `roleType` of the back office's door (contract LOGIN_ROLE_TYPE.BACK_OFFICE: role systems 1, 2 and 4). */
const BACK_OFFICE_ROLE_TYPE = 1 as const;

/** localStorage key of the remembered account name (记住账号). */
export const REMEMBERED_ACCOUNT_KEY = 'rememberedAccount';

interface LoginForm {
  account: string;
  password: string;
  vcode?: string;
  remember: boolean;
}

function readRememberedAccount(): string {
  try {
    return window.localStorage.getItem(REMEMBERED_ACCOUNT_KEY) ?? '';
  } catch {
    return '';
  }
}

function rememberAccount(account: string | null): void {
  try {
    if (account) window.localStorage.setItem(REMEMBERED_ACCOUNT_KEY, account);
    else window.localStorage.removeItem(REMEMBERED_ACCOUNT_KEY);
  } catch {
    // Storage unavailable: nothing to remember.
  }
}

/** The text shown while sign-in is locked for the account. */
export function lockedMessage(lockedUntil: string): string {
  return `登录失败次数过多，账号已被锁定，请于 ${formatDateTime(lockedUntil, 'HH:mm:ss')} 后再试`;
}

/**
 * The back office's sign-in (/admin-login): account and password, both trimmed and encrypted with
 * the project's public key; two steps (check the account, then sign in), the image code when the
 * check asks for it, the lock when it reports one. On success the token is kept and the person goes
 * to `redirect` or home.
 */
export function AdminLoginPage() {
  const systemInfo = useSystemInfo();
  const settings = systemInfo.status === 'ready' ? systemInfo.settings : undefined;
  useDocumentTitle(settings ? `登录 - ${settings.projectTitle}` : undefined);
  const [form] = Form.useForm<LoginForm>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const unitId = useAtomValue(unitIdAtom);
  const setToken = useSetAtom(setTokenAtom);
  const [submitting, setSubmitting] = useState(false);
  const [captcha, setCaptcha] = useState<ImageCaptcha | null>(null);
  const [lockedUntil, setLockedUntil] = useState<string | null>(null);
  const [initialAccount] = useState(readRememberedAccount);

  const refreshCaptcha = useCallback(async () => {
    form.setFieldValue('vcode', '');
    try {
      setCaptcha(await getLoginVcode());
    } catch {
      // The request client has shown why; the old picture stays until the next try.
    }
  }, [form]);

  if (systemInfo.status === 'loading') return <PageLoading />;
  if (systemInfo.status === 'error')
    return <LoadFailed message={systemInfo.message} onRetry={systemInfo.reload} />;
  const { loginPublicKey, projectTitle } = systemInfo.settings;

  /** After a refused password: does the next try need the image code, or is sign-in locked now? */
  const recheck = async (account: string, door: { roleType: 1; unitId?: number }) => {
    try {
      const check = await checkAccountBeforeLogin({ account, ...door }, { quiet: true });
      if (check.lockedUntil) setLockedUntil(check.lockedUntil);
      if (check.needCaptcha || captcha) await refreshCaptcha();
    } catch {
      // The next submit checks again.
    }
  };

  const submit = async (values: LoginForm) => {
    setSubmitting(true);
    setLockedUntil(null);
    let account: string | undefined;
    const door = { roleType: BACK_OFFICE_ROLE_TYPE, ...(unitId ? { unitId } : {}) };
    try {
      account = await encryptLoginField(values.account, loginPublicKey);
      const check = await checkAccountBeforeLogin({ account, ...door });
      if (check.lockedUntil) {
        setLockedUntil(check.lockedUntil);
        return;
      }
      if (check.needCaptcha && !captcha) {
        await refreshCaptcha();
        void message.warning('请输入验证码');
        return;
      }
      const password = await encryptLoginField(values.password, loginPublicKey);
      const vcode = captcha ? { vcode: values.vcode?.trim() ?? '', codeToken: captcha.codeToken } : {};
      const answer = await login({ account, password, ...door, ...vcode });
      rememberAccount(values.remember ? values.account.trim() : null);
      setToken(answer.tokenCode);
      navigate(safeRedirectTarget(searchParams.get('redirect')), { replace: true });
    } catch (error) {
      // API failures were shown by the request client; anything else (no WebCrypto) is shown here.
      if (!(error instanceof ApiError)) {
        void message.error(error instanceof Error ? error.message : String(error));
      } else if (account) {
        // An image code is single use, and a refused password may now call for one or lock the account.
        await recheck(account, door);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main className="admin-login">
      <section className="admin-login__panel" aria-labelledby="admin-login-title">
        <header className="admin-login__header">
          <h1 id="admin-login-title" className="admin-login__title">
            {projectTitle}
          </h1>
          <p className="admin-login__subtitle">管理后台登录</p>
        </header>
        {lockedUntil && (
          <Alert className="admin-login__alert" type="error" showIcon title={lockedMessage(lockedUntil)} />
        )}
        <Form<LoginForm>
          form={form}
          layout="vertical"
          size="large"
          requiredMark={false}
          initialValues={{
            account: initialAccount,
            password: '',
            vcode: '',
            remember: Boolean(initialAccount),
          }}
          onFinish={submit}
        >
          <Form.Item label="账号" name="account" rules={[required('请输入账号')]}>
            <Input
              prefix={<UserOutlined />}
              placeholder="请输入账号"
              autoComplete="username"
              maxLength={64}
            />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[required('请输入密码')]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="请输入密码"
              autoComplete="current-password"
              maxLength={64}
            />
          </Form.Item>
          {captcha && (
            <Form.Item label="验证码" required>
              <div className="admin-login__captcha">
                <Form.Item name="vcode" noStyle rules={[required('请输入验证码')]}>
                  <Input
                    prefix={<SafetyOutlined />}
                    placeholder="请输入验证码"
                    autoComplete="off"
                    maxLength={10}
                  />
                </Form.Item>
                <button
                  type="button"
                  className="admin-login__captcha-image"
                  title="看不清？点击刷新"
                  onClick={() => void refreshCaptcha()}
                >
                  <img src={captcha.image} alt="验证码，点击刷新" />
                </button>
              </div>
            </Form.Item>
          )}
          <Form.Item name="remember" valuePropName="checked">
            <Checkbox>记住账号</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登录
          </Button>
        </Form>
      </section>
    </main>
  );
}
