import type { LoginAnswer } from '@px/api/contract';
import { ApiError, encryptLoginField, formatDateTime } from '@px/config';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { Form } from 'react-vant';
import { checkAccountBeforeLogin, login } from '../../api/login';
import { useSubmitLock } from '../../hooks/useSubmitLock';
import { unitIdAtom } from '../../store/project';
import { required } from '../../utils/form-rules';
import { showLocalError } from '../../utils/show-error';
import { SubmitFooter } from '../form/SubmitFooter';
import { TextInput } from '../TextInput';
import './sign-in.css';

/**
 * The slider captcha, loaded the first time the server asks for it (most sign-ins never do): it
 * stays out of /login's first load (issue 16).
 */
const SliderCaptcha = lazy(() =>
  import('../SliderCaptcha').then((module) => ({ default: module.SliderCaptcha })),
);

/** `roleType` of the student door (contract LOGIN_ROLE_TYPE.STUDENT). */
export const STUDENT_ROLE_TYPE = 3 as const;

interface PasswordForm {
  account: string;
  password: string;
}

export interface PasswordSignInFormProps {
  /** `loginPublicKey` of system-info: account and password are encrypted with it. */
  publicKey: string;
  /** The WeChat binding scene (`/login-wx-binding`): the account signed in gets the visitor's WeChat. */
  scene?: string;
  /** Text of the submit button. */
  submitText?: string;
  onSignedIn: (answer: LoginAnswer) => void;
}

/** The text shown while sign-in is locked for the account. */
export function lockedMessage(lockedUntil: string): string {
  return `登录失败次数过多，账号已被锁定，请于 ${formatDateTime(lockedUntil, 'HH:mm')} 后再试`;
}

/**
 * Password sign-in of a student in two steps (spec section 4): the encrypted account is checked
 * first (`login/check-account-before-login`, roleType 3), which may ask for the slider captcha or
 * report a lock; then `login/login` with the encrypted account and password (and `captchaVO`,
 * `scene`, `unitId` when there are).
 */
export function PasswordSignInForm({
  publicKey,
  scene,
  submitText = '登录',
  onSignedIn,
}: PasswordSignInFormProps) {
  const [form] = Form.useForm<PasswordForm>();
  const unitId = useAtomValue(unitIdAtom);
  const { submitting, run } = useSubmitLock();
  const [lockedUntil, setLockedUntil] = useState<string | null>(null);
  /** The checked account waiting for the slider captcha. */
  const [awaitingCaptcha, setAwaitingCaptcha] = useState<{ account: string; password: string } | null>(null);
  /** The captcha was asked for once: it stays mounted from then on (its popup animates open and closed). */
  const [captchaWanted, setCaptchaWanted] = useState(false);
  const door = { roleType: STUDENT_ROLE_TYPE, ...(unitId ? { unitId } : {}) };

  const signIn = async (account: string, password: string, captchaToken?: string) => {
    try {
      const answer = await login({
        account,
        password: await encryptLoginField(password, publicKey),
        ...door,
        ...(captchaToken ? { captchaVO: { token: captchaToken } } : {}),
        ...(scene ? { scene } : {}),
      });
      onSignedIn(answer);
    } catch (error) {
      showLocalError(error);
      if (error instanceof ApiError) {
        // A refused password may have locked the account: say so at once.
        const check = await checkAccountBeforeLogin({ account, ...door }, { quiet: true }).catch(() => null);
        if (check?.lockedUntil) setLockedUntil(check.lockedUntil);
      }
    }
  };

  const submit = (values: PasswordForm) =>
    run(async () => {
      setLockedUntil(null);
      try {
        const account = await encryptLoginField(values.account, publicKey);
        const check = await checkAccountBeforeLogin({ account, ...door });
        if (check.lockedUntil) {
          setLockedUntil(check.lockedUntil);
          return;
        }
        if (check.needCaptcha) {
          setCaptchaWanted(true);
          setAwaitingCaptcha({ account, password: values.password });
          return;
        }
        await signIn(account, values.password);
      } catch (error) {
        showLocalError(error);
      }
    });

  const onVerified = async (token: string) => {
    const pending = awaitingCaptcha;
    setAwaitingCaptcha(null);
    if (!pending) return;
    await run(() => signIn(pending.account, pending.password, token));
  };

  return (
    <>
      {lockedUntil && (
        <p className="sign-in__alert" role="alert">
          {lockedMessage(lockedUntil)}
        </p>
      )}
      <Form
        form={form}
        onFinish={(values: PasswordForm) => void submit(values)}
        footer={<SubmitFooter submitting={submitting}>{submitText}</SubmitFooter>}
      >
        <Form.Item name="account" label="账号" rules={[required('请输入身份证号或手机号')]}>
          <TextInput
            label="账号"
            placeholder="请输入身份证号或手机号"
            autoComplete="username"
            maxLength={32}
          />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[required('请输入密码')]}>
          <TextInput
            label="密码"
            type="password"
            placeholder="请输入密码"
            autoComplete="current-password"
            maxLength={32}
          />
        </Form.Item>
      </Form>
      {captchaWanted && (
        <Suspense fallback={null}>
          <SliderCaptcha
            visible={awaitingCaptcha !== null}
            onVerified={(token) => void onVerified(token)}
            onClose={() => setAwaitingCaptcha(null)}
          />
        </Suspense>
      )}
    </>
  );
}
