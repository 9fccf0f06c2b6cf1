import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageError, PageLoading } from '../../components/PageState';
import { type FormLoginType, formLoginTypes } from '../../components/sign-in/login-types';
import { SignInForms } from '../../components/sign-in/SignInForms';
import { useCompleteSignIn } from '../../components/sign-in/useCompleteSignIn';
import { WechatSignInButton } from '../../components/sign-in/WechatSignInButton';
import { useSystemInfo } from '../../hooks/useSystemInfo';
import {
  CLASS_SELECT_CENTER_PATH,
  REGISTER_PATH,
  RESET_PASSWORD_PATH,
  safeRedirectTarget,
} from '../../router/paths';
import { unitIdAtom } from '../../store/project';
import { isWechatBrowser } from '../../wechat/is-wechat-browser';
import './login.css';

/** Titles of the form tabs, by sign-in method. */
const TAB_TITLES: Record<FormLoginType, string> = { password: '密码登录', sms: '验证码登录' };

/** Where the links of the page keep the unit the site was opened for. */
function withUnit(path: string, unitId: number | undefined): string {
  return unitId ? `${path}?unitId=${unitId}` : path;
}

/**
 * /login: the student's sign-in. Tabs follow the project's `loginType` (password, SMS); WeChat is
 * offered only inside the WeChat browser (a button that starts OAuth). With `hideStudentLoginPage`
 * the page shows no form: the WeChat button in the WeChat browser, otherwise where to sign in.
 * After signing in the student goes to `redirect` (same-site only) or /my. 先看看课程 leads a visitor
 * to the class centre, which needs no sign-in.
 */
export function LoginPage() {
  const systemInfo = useSystemInfo();
  const [searchParams] = useSearchParams();
  const unitId = useAtomValue(unitIdAtom);
  const completeSignIn = useCompleteSignIn();
  const [wechatBrowser] = useState(isWechatBrowser);

  if (systemInfo.status === 'loading') return <PageLoading />;
  if (systemInfo.status === 'error')
    return <PageError message={systemInfo.message} onRetry={systemInfo.reload} />;

  const settings = systemInfo.settings;
  const target = safeRedirectTarget(searchParams.get('redirect'));
  const wechat = wechatBrowser && settings.loginType.includes('wechat');
  const formTypes = formLoginTypes(settings.loginType);
  const onSignedIn = (answer: { tokenCode: string }) => completeSignIn(answer, target);

  let body: JSX.Element;
  if (settings.hideStudentLoginPage === 1) {
    body = (
      <section className="login__closed">
        <p className="login__closed-text">
          {wechat ? '请使用微信授权登录' : '本平台请通过微信公众号进入学习，请在微信中打开本页面'}
        </p>
        {wechat && <WechatSignInButton redirect={target} />}
      </section>
    );
  } else {
    body = (
      <>
        <SignInForms
          types={formTypes}
          tabsLabel="登录方式"
          tabTitles={TAB_TITLES}
          publicKey={settings.loginPublicKey}
          loginAsRegister={settings.loginAsRegister === 1}
          onSignedIn={onSignedIn}
        />
        {formTypes.length === 0 && !wechat && (
          <p className="login__closed-text">本平台仅支持微信登录，请在微信中打开本页面</p>
        )}
        {wechat && (
          <div className="login__wechat">
            {formTypes.length > 0 && <p className="login__divider">其他登录方式</p>}
            <WechatSignInButton redirect={target} />
          </div>
        )}
        <nav className="login__links" aria-label="更多操作">
          <Link to={withUnit(REGISTER_PATH, unitId)}>注册账号</Link>
          <Link to={withUnit(RESET_PASSWORD_PATH, unitId)}>忘记密码</Link>
        </nav>
      </>
    );
  }

  return (
    <main className="page login">
      <header className="login__header">
        <h1 className="login__title">{settings.title}</h1>
        <p className="login__subtitle">学员登录</p>
      </header>
      {body}
      <p className="login__browse">
        <Link to={withUnit(CLASS_SELECT_CENTER_PATH, unitId)}>先看看课程</Link>
      </p>
    </main>
  );
}
