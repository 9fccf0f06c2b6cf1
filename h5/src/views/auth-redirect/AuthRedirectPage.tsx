import type { OauthLoginAnswer } from '@px/api/contract';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from 'react-vant';
import { feedback } from '../../api/feedback';
import { oauthLogin } from '../../api/wechat';
import { PageLoading, PageMessage } from '../../components/PageState';
import { useCompleteSignIn } from '../../components/sign-in/useCompleteSignIn';
import {
  encodeReturnPath,
  isRegisterTarget,
  isSameSitePath,
  LOGIN_PATH,
  MY_PATH,
  safeRedirectTarget,
  WX_BINDING_PATH,
  withQueryParam,
} from '../../router/paths';

/** Shown when WeChat came back without a code (the visitor refused). */
export const OAUTH_REFUSED_MESSAGE = '您已取消微信授权，请使用其他方式登录';

/**
 * Each WeChat code works once: one exchange per code for the page's lifetime, shared by React
 * StrictMode's second effect run and any remount.
 */
const exchanges = new Map<string, Promise<OauthLoginAnswer>>();

/** Exchanges a code once (later calls with the same code get the same answer). Rejects with an ApiError. */
export function exchangeOauthCodeOnce(code: string, state: string): Promise<OauthLoginAnswer> {
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = oauthLogin({ code, state });
    exchanges.set(code, exchange);
  }
  return exchange;
}

/**
 * Where a visitor who must bind an account goes: back to the registration page they came from
 * (with `scene`), else `/login-wx-binding?scene=..&redirect=..`.
 */
export function bindingTarget(answer: { scene: string; redirect: string }): string {
  if (isSameSitePath(answer.redirect) && isRegisterTarget(answer.redirect)) {
    return withQueryParam(answer.redirect, 'scene', answer.scene);
  }
  const redirect = safeRedirectTarget(answer.redirect);
  return `${WX_BINDING_PATH}?scene=${encodeURIComponent(answer.scene)}&redirect=${encodeReturnPath(redirect)}`;
}

/**
 * Where a recognised (bound) visitor goes: their `redirect`, except a registration page (they
 * have an account already), which leads to /my.
 */
export function signedInTarget(redirect: string): string {
  if (isSameSitePath(redirect) && isRegisterTarget(redirect)) return MY_PATH;
  return safeRedirectTarget(redirect);
}

/**
 * /auth-redirect?code=..&state=..: where WeChat OAuth returns. The code is exchanged once
 * (`wechat/oauth-login`): a bound WeChat is signed in and goes on to its `redirect`; an unbound one
 * goes to bind an account (or back to the registration page it came from). Without a code (the
 * visitor refused) the page says so and goes to /login.
 */
export function AuthRedirectPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const code = searchParams.get('code')?.trim() ?? '';
  const state = searchParams.get('state')?.trim() ?? '';
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!code) {
      feedback.showErrorMessage(OAUTH_REFUSED_MESSAGE);
      navigate(LOGIN_PATH, { replace: true });
      return undefined;
    }
    let current = true;
    exchangeOauthCodeOnce(code, state).then(
      (answer) => {
        if (!current) return;
        if (answer.status === 'signed-in') completeSignIn(answer, signedInTarget(answer.redirect));
        else navigate(bindingTarget(answer), { replace: true });
      },
      (error: unknown) => current && setFailure(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
  }, [code, state, navigate, completeSignIn]);

  if (failure) {
    return (
      <PageMessage image="error" description={failure}>
        <Button round type="primary" onClick={() => navigate(LOGIN_PATH, { replace: true })}>
          返回登录
        </Button>
      </PageMessage>
    );
  }
  return <PageLoading text="正在登录…" />;
}
