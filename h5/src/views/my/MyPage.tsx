import { UserO } from '@react-vant/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Cell } from 'react-vant';
import { getMyProfile } from '../../api/account';
import { PageError, PageLoading } from '../../components/PageState';
import { useConfirmedSignOut } from '../../hooks/useConfirmedSignOut';
import { useRemote } from '../../hooks/useRemote';
import { useSystemInfo } from '../../hooks/useSystemInfo';
import { MY_PATH, SWITCH_LOGIN_PATH } from '../../router/paths';
import { type JsApiName, useWechatJsSdk } from '../../wechat/useWechatJsSdk';
import { FollowPrompt } from './components/FollowPrompt';
import { ModifyMobilePopup } from './components/ModifyMobilePopup';
import { ModifyPasswordPopup } from './components/ModifyPasswordPopup';
import './my.css';

/** The JS-SDK interfaces /my prepares (sharing now, payment later). */
export const MY_JS_API_LIST: readonly JsApiName[] = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'chooseWXPay',
];

type OpenPopup = 'password' | 'mobile' | null;

/**
 * /my: the student's profile (`account/my-profile`: name, masked ID number, mobile, e-mail, unit,
 * WeChat), the account settings (修改密码, 修改手机号; hidden by `hideAccountSettings`), 切换账号,
 * 退出登录, and the prompt to follow the official account when WeChat is bound but not following.
 * Configures the WeChat JS-SDK silently for what later pages need (share, pay).
 */
export function MyPage() {
  const systemInfo = useSystemInfo();
  const { state, reload, refresh } = useRemote(getMyProfile);
  const [popup, setPopup] = useState<OpenPopup>(null);
  const navigate = useNavigate();
  const signOut = useConfirmedSignOut();
  useWechatJsSdk(MY_JS_API_LIST, { path: MY_PATH });

  if (state.status === 'loading' || systemInfo.status === 'loading') return <PageLoading />;
  if (state.status === 'error') return <PageError message={state.message} onRetry={reload} />;
  if (systemInfo.status === 'error')
    return <PageError message={systemInfo.message} onRetry={systemInfo.reload} />;
  const profile = state.value;
  const settings = systemInfo.settings;
  const showAccountSettings = settings.hideAccountSettings !== 1;

  return (
    <main className="page my">
      <header className="my__header">
        {profile.wechat.avatarUrl ? (
          <img className="my__avatar" src={profile.wechat.avatarUrl} alt="头像" />
        ) : (
          <span className="my__avatar my__avatar--empty" aria-hidden="true">
            <UserO />
          </span>
        )}
        <div>
          <h1 className="my__name">{profile.realName}</h1>
          <p className="my__id">{profile.idCardNo}</p>
        </div>
      </header>

      <FollowPrompt wechatBound={profile.wechat.bound} />

      <Cell.Group inset title="个人信息" className="my__group">
        <Cell title="手机号" value={profile.mobile ?? '未绑定'} />
        <Cell title="邮箱" value={profile.email ?? '未填写'} />
        <Cell title="所属单位" value={profile.unitName ?? '无'} />
        <Cell
          title="微信"
          value={profile.wechat.bound ? (profile.wechat.nickname ?? '已绑定') : '未绑定'}
          label={profile.wechat.bound ? '已绑定，可使用微信直接登录' : undefined}
        />
      </Cell.Group>

      <Cell.Group inset title="账号设置" className="my__group">
        {showAccountSettings && (
          <>
            <Cell title="修改密码" isLink clickable onClick={() => setPopup('password')} />
            <Cell title="修改手机号" isLink clickable onClick={() => setPopup('mobile')} />
          </>
        )}
        <Cell title="切换账号" isLink clickable onClick={() => navigate(SWITCH_LOGIN_PATH)} />
      </Cell.Group>

      <div className="my__logout">
        <Button
          round
          block
          type="danger"
          plain
          onClick={() => void signOut({ title: '退出登录', message: '确定退出当前账号吗？' })}
        >
          退出登录
        </Button>
      </div>

      {showAccountSettings && (
        <>
          <ModifyPasswordPopup
            visible={popup === 'password'}
            publicKey={settings.loginPublicKey}
            mobile={profile.mobile}
            onClose={() => setPopup(null)}
          />
          <ModifyMobilePopup
            visible={popup === 'mobile'}
            onClose={() => setPopup(null)}
            onChanged={() => void refresh().catch(() => undefined)}
          />
        </>
      )}
    </main>
  );
}
