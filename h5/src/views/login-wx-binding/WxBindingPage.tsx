import { useAtomValue } from 'jotai';
import { Link, useSearchParams } from 'react-router-dom';
import { PageError, PageLoading, PageMessage } from '../../components/PageState';
import { type FormLoginType, formLoginTypes } from '../../components/sign-in/login-types';
import { SignInForms } from '../../components/sign-in/SignInForms';
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

  return (
    <main className="page login">
      <header className="login__header">
        <h1 className="login__title">绑定已有账号</h1>
        <p className="login__subtitle">绑定后可使用微信直接登录{settings.title}</p>
      </header>
      <SignInForms
        types={formLoginTypes(settings.loginType)}
        tabsLabel="绑定方式"
        tabTitles={TAB_TITLES}
        publicKey={settings.loginPublicKey}
        loginAsRegister={settings.loginAsRegister === 1}
        scene={scene}
        submitText="绑定并登录"
        onSignedIn={onSignedIn}
      />
      <p className="login__closed-text">
        还没有账号？<Link to={bindingRegisterPath(scene, unitId)}>注册新账号</Link>
      </p>
    </main>
  );
}
