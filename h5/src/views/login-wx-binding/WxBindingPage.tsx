import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageError, PageLoading, PageMessage } from '../../components/PageState';
import { SegmentedTabs } from '../../components/SegmentedTabs';
import { type FormLoginType, formLoginTypes } from '../../components/sign-in/login-types';
import { PasswordSignInForm } from '../../components/sign-in/PasswordSignInForm';
import { SmsSignInForm } from '../../components/sign-in/SmsSignInForm';
import { useCompleteSignIn } from '../../components/sign-in/useCompleteSignIn';
import { useSystemInfo } from '../../hooks/useSystemInfo';
import { LOGIN_PATH, REGISTER_PATH, safeRedirectTarget } from '../../router/paths';
import { unitIdAtom } from '../../store/project';
import '../login/login.css';

/** Titles of the binding tabs, by sign-in method. */
const TAB_TITLES: Record<FormLoginType, string> = { password: '账号密码', sms: '短信验证码' };

/** The registration link of a visitor to bind: the scene (and the unit) go along. */
export function bindingRegisterPath(scene: string, unitId: number | undefined): string {
  const params = new URLSearchParams({ scene });
  if (unitId) params.set('unitId', String(unitId));
  return `${REGISTER_PATH}?${params.toString()}`;
}

/**
 * /login-wx-binding?scene=..&redirect=..: a WeChat visitor without a bound account signs in to an
 * existing one (password in two steps, or SMS code; both send `scene`, which binds the WeChat) or
 * registers (`/register?scene=..`). Without a scene the page says the authorisation expired.
 */
export function WxBindingPage() {
  const systemInfo = useSystemInfo();
  const [searchParams] = useSearchParams();
  const unitId = useAtomValue(unitIdAtom);
  const completeSignIn = useCompleteSignIn();
  const [activeTab, setActiveTab] = useState<FormLoginType | undefined>(undefined);
  const scene = searchParams.get('scene')?.trim();

  if (!scene) {
    return (
      <PageMessage image="error" description="微信授权已失效，请重新进入">
        <Link className="register__link" to={LOGIN_PATH} replace>
          去登录
        </Link>
      </PageMessage>
    );
  }
  if (systemInfo.status === 'loading') return <PageLoading />;
  if (systemInfo.status === 'error')
    return <PageError message={systemInfo.message} onRetry={systemInfo.reload} />;

  const settings = systemInfo.settings;
  const target = safeRedirectTarget(searchParams.get('redirect'));
  const onSignedIn = (answer: { tokenCode: string }) => completeSignIn(answer, target);
  const types = formLoginTypes(settings.loginType);
  const renderForm = (type: FormLoginType) =>
    type === 'password' ? (
      <PasswordSignInForm
        publicKey={settings.loginPublicKey}
        scene={scene}
        submitText="绑定并登录"
        onSignedIn={onSignedIn}
      />
    ) : (
      <SmsSignInForm
        loginAsRegister={settings.loginAsRegister === 1}
        scene={scene}
        submitText="绑定并登录"
        onSignedIn={onSignedIn}
      />
    );
  const shownType = activeTab && types.includes(activeTab) ? activeTab : types[0];

  return (
    <main className="page login">
      <header className="login__header">
        <h1 className="login__title">绑定已有账号</h1>
        <p className="login__subtitle">绑定后可使用微信直接登录{settings.title}</p>
      </header>
      {types.length > 1 && (
        <SegmentedTabs
          label="绑定方式"
          tabs={types.map((type) => ({ key: type, title: TAB_TITLES[type] }))}
          active={shownType ?? 'password'}
          onChange={setActiveTab}
        />
      )}
      {shownType && renderForm(shownType)}
      <p className="login__closed-text">
        还没有账号？<Link to={bindingRegisterPath(scene, unitId)}>注册新账号</Link>
      </p>
    </main>
  );
}
