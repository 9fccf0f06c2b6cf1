import type { RegisterConfigByUnitAnswer } from '@px/api/contract';
import { encryptLoginField, readUnitIdParam } from '@px/config';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Form, Toast } from 'react-vant';
import { doRegister, getRegisterConfigByUnit, sendRegisterMsgCode } from '../../api/register';
import { IdentityFields } from '../../components/form/IdentityFields';
import { MobileCodeFields } from '../../components/form/MobileCodeFields';
import { NewPasswordFields } from '../../components/form/NewPasswordFields';
import { SubmitFooter } from '../../components/form/SubmitFooter';
import { PageError, PageLoading, PageMessage } from '../../components/PageState';
import { useCompleteSignIn } from '../../components/sign-in/useCompleteSignIn';
import { TextInput } from '../../components/TextInput';
import { type Remote, useRemote } from '../../hooks/useRemote';
import { useFormSubmit } from '../../hooks/useSubmitLock';
import { useSystemInfo } from '../../hooks/useSystemInfo';
import { LOGIN_PATH, MY_PATH, REGISTER_PATH, WX_BINDING_PATH } from '../../router/paths';
import { tokenAtom } from '../../store/session';
import { type FieldRule, RULES, required } from '../../utils/form-rules';
import { isWechatBrowser } from '../../wechat/is-wechat-browser';
import { startWechatOauth } from '../../wechat/oauth';
import type { FieldMode, RegisterVariant } from './register-variants';
import './register.css';

interface RegisterForm {
  realName: string;
  idCardNo: string;
  mobile: string;
  msgCode: string;
  password: string;
  confirmPassword: string;
  email?: string;
}

/** The rules of an optional part of the form under a variant's mode. */
export function rulesFor(mode: FieldMode, missing: string, rule: FieldRule): FieldRule[] {
  if (mode === 'hidden') return [];
  return mode === 'required' ? [required(missing), rule] : [rule];
}

/** Loads what the unit's registration page shows when the address names a unit (null: it names none). */
function useRegisterUnit(unitId: number | undefined): Remote<RegisterConfigByUnitAnswer> | null {
  const load = useMemo(() => (unitId ? () => getRegisterConfigByUnit(unitId) : null), [unitId]);
  const remote = useRemote(load);
  return unitId ? remote : null;
}

/**
 * Inside WeChat, a visitor who arrives without a binding scene (a unit's QR code reply links here)
 * is first recognised through WeChat OAuth, which comes back to this page with `scene`, so the
 * new account is bound to the visitor's WeChat at once. True while the page is leaving for OAuth.
 */
function useWechatRecognition(
  systemInfo: ReturnType<typeof useSystemInfo>,
  scene: string | undefined,
  returnPath: string,
  unitId: number | undefined,
): boolean {
  const signedIn = Boolean(useAtomValue(tokenAtom));
  const wanted =
    !scene &&
    !signedIn &&
    isWechatBrowser() &&
    systemInfo.status === 'ready' &&
    systemInfo.settings.loginType.includes('wechat');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || failed) return;
    // When the authorize URL cannot be had (the request client said why), the form is shown.
    startWechatOauth(returnPath, unitId).catch(() => setFailed(true));
  }, [wanted, failed, returnPath, unitId]);
  return wanted && !failed;
}

/**
 * /register, /industryRegister, /vocRegister, /registerNew: one registration form whose variant
 * decides the title and which optional fields show or are required (register-variants.ts). With
 * `?unitId=` the page names the unit (`unit/register-config-by-unit`) and the registration records
 * it; `?scene=` (a WeChat visitor to bind) goes along. The client checks the fields with spec
 * section 5's validators; the server's refusals are shown on their fields. The new account is
 * signed in at once and goes to /my.
 */
export function RegisterPage({ variant }: { variant: RegisterVariant }) {
  const systemInfo = useSystemInfo();
  const [searchParams] = useSearchParams();
  const unitId = readUnitIdParam(`?${searchParams.toString()}`);
  const scene = searchParams.get('scene')?.trim() || undefined;
  const unit = useRegisterUnit(unitId);
  const [form] = Form.useForm<RegisterForm>();
  const { submitting, run } = useFormSubmit(form);
  const completeSignIn = useCompleteSignIn();
  const location = useLocation();
  const wechatFirst = useWechatRecognition(
    systemInfo,
    scene,
    `${location.pathname}${location.search}`,
    unitId,
  );

  if (variant.unit === 'required' && !unitId) {
    return (
      <PageMessage image="error" description="请使用单位提供的报名链接或二维码进行注册">
        <Link className="register__link" to={REGISTER_PATH}>
          个人注册
        </Link>
      </PageMessage>
    );
  }
  if (systemInfo.status === 'loading' || unit?.state.status === 'loading' || wechatFirst)
    return <PageLoading />;
  if (systemInfo.status === 'error')
    return <PageError message={systemInfo.message} onRetry={systemInfo.reload} />;
  if (unit?.state.status === 'error') return <PageError message={unit.state.message} onRetry={unit.reload} />;
  const { loginPublicKey } = systemInfo.settings;
  const unitName = unit?.state.status === 'ready' ? unit.state.value.unitName : null;

  const sendCode = (mobile: string) => sendRegisterMsgCode({ mobile, ...(unitId ? { unitId } : {}) });

  const submit = (values: RegisterForm) =>
    run(async () => {
      const email = variant.email === 'hidden' ? '' : (values.email ?? '').trim();
      const answer = await doRegister({
        realName: values.realName.trim(),
        idCardNo: values.idCardNo.trim().toUpperCase(),
        mobile: values.mobile.trim(),
        msgCode: values.msgCode.trim(),
        password: await encryptLoginField(values.password, loginPublicKey),
        ...(unitId ? { unitId } : {}),
        ...(email ? { email } : {}),
        ...(scene ? { scene } : {}),
      });
      Toast.success('注册成功');
      completeSignIn(answer, MY_PATH);
    });

  const signInPath = scene ? `${WX_BINDING_PATH}?scene=${encodeURIComponent(scene)}` : LOGIN_PATH;

  return (
    <main className="page register">
      <header className="register__header">
        <h1 className="register__title">{variant.title}</h1>
        <p className="register__intro">{variant.intro}</p>
      </header>
      {unitName && <p className="register__unit">{`报名单位：${unitName}`}</p>}
      {systemInfo.settings.idCardVerify === 1 && (
        <p className="register__notice">注册时将进行实名核验：请填写与身份证一致的姓名和身份证号。</p>
      )}
      <Form
        form={form}
        onFinish={(values: RegisterForm) => void submit(values)}
        footer={<SubmitFooter submitting={submitting}>注册</SubmitFooter>}
      >
        <IdentityFields />
        <MobileCodeFields form={form} sendCode={sendCode} />
        <NewPasswordFields label="密码" />
        {variant.email !== 'hidden' && (
          <Form.Item
            name="email"
            label="邮箱"
            required={variant.email === 'required'}
            rules={rulesFor(variant.email, '请输入邮箱', RULES.email)}
          >
            <TextInput
              label="邮箱"
              type="email"
              inputMode="email"
              placeholder={variant.email === 'required' ? '请输入邮箱' : '选填'}
              autoComplete="email"
              maxLength={100}
            />
          </Form.Item>
        )}
      </Form>
      <p className="register__login">
        已有账号？<Link to={signInPath}>{scene ? '绑定已有账号' : '去登录'}</Link>
      </p>
    </main>
  );
}
