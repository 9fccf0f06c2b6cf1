import { CartO, UserO } from '@react-vant/icons';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Badge, Cell, Tabs } from 'react-vant';
import { getMyProfile } from '../../api/account';
import { PageError, PageLoading } from '../../components/PageState';
import { useCartCount } from '../../hooks/useCartCount';
import { useRemote } from '../../hooks/useRemote';
import { useSystemInfo } from '../../hooks/useSystemInfo';
import { GO_PAY_PATH, MY_TABS, type MyTab } from '../../router/paths';
import { type JsApiName, useWechatJsSdk } from '../../wechat/useWechatJsSdk';
import { AccountSettings } from './components/AccountSettings';
import { FollowPrompt } from './components/FollowPrompt';
import { ModifyMobilePopup } from './components/ModifyMobilePopup';
import { ModifyPasswordPopup } from './components/ModifyPasswordPopup';
import { MyCertificatesTab } from './components/MyCertificatesTab';
import { MyClassesTab } from './components/MyClassesTab';
import { MyOrdersTab } from './components/MyOrderList';
import './my.css';

/** 考试报名 is loaded when first opened (its form and the ticket viewer are not part of /my's first screen). */
const MyExamsTab = lazy(() =>
  import('./components/MyExamsTab').then((module) => ({ default: module.MyExamsTab })),
);

/** The JS-SDK interfaces /my prepares (sharing, and payment for the pay page). */
export const MY_JS_API_LIST: readonly JsApiName[] = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'chooseWXPay',
];

/** The hub's tabs in order, with their titles. */
const TAB_TITLES: Readonly<Record<MyTab, string>> = {
  classes: '我的班级',
  certificates: '我的证书',
  orders: '我的订单',
  exams: '考试报名',
  account: '账号设置',
};

/** The tab `?tab=` names; 我的班级 when missing or unknown. */
export function tabOf(value: string | null): MyTab {
  return MY_TABS.find((tab) => tab === value) ?? 'classes';
}

type OpenPopup = 'password' | 'mobile' | null;

/**
 * /my (also /v2/my and /my2), the student's hub: the profile header (name, masked ID number,
 * avatar), the prompt to follow the official account when WeChat is bound but not following, the
 * cart with its count, and tabs kept in `?tab=`: 我的班级 (学习档案, 进行中 / 已结束, 为你推荐), 我的证书 (class and year certificates with 查看 and
 * 下载, as `hideClassCertificate` / `hideYearCertificate` allow), 我的订单
 * (`order/my-order-page`) and 账号设置 (profile, 人脸照片 with `needCheckFacePass`, 修改密码 /
 * 修改手机号 unless `hideAccountSettings`, 切换账号, 退出登录). Each class leads to its study page. Configures the WeChat JS-SDK silently for what later pages need (share, pay).
 */
export function MyPage() {
  const systemInfo = useSystemInfo();
  const { state, reload, refresh } = useRemote(getMyProfile);
  const [popup, setPopup] = useState<OpenPopup>(null);
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [cartCount] = useCartCount(true);
  const tab = tabOf(params.get('tab'));
  useWechatJsSdk(MY_JS_API_LIST, { path: pathname });

  if (state.status === 'loading' || systemInfo.status === 'loading') return <PageLoading />;
  if (state.status === 'error') return <PageError message={state.message} onRetry={reload} />;
  if (systemInfo.status === 'error')
    return <PageError message={systemInfo.message} onRetry={systemInfo.reload} />;
  const profile = state.value;
  const settings = systemInfo.settings;
  const showAccountSettings = settings.hideAccountSettings !== 1;

  const chooseTab = (name: string | number) => {
    const next = new URLSearchParams(params);
    next.set('tab', tabOf(String(name)));
    setParams(next, { replace: true });
  };

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

      <Cell.Group inset className="my__group">
        <Cell
          icon={<CartO />}
          title="购物车"
          isLink
          clickable
          value={cartCount ? <Badge content={cartCount} max={99} /> : undefined}
          onClick={() => navigate(GO_PAY_PATH)}
        />
      </Cell.Group>

      <Tabs className="my__tabs" active={tab} onChange={chooseTab}>
        {MY_TABS.map((name) => (
          <Tabs.TabPane key={name} name={name} title={TAB_TITLES[name]}>
            {name === 'classes' && <MyClassesTab hideElective={settings.hideElective === 1} />}
            {name === 'certificates' && <MyCertificatesTab />}
            {name === 'orders' && (
              <MyOrdersTab studentName={profile.realName} refundOpen={settings.studentRefund === 1} />
            )}
            {name === 'exams' && (
              <Suspense fallback={null}>
                <MyExamsTab />
              </Suspense>
            )}
            {name === 'account' && (
              <AccountSettings
                profile={profile}
                showAccountSettings={showAccountSettings}
                showFacePhoto={settings.needCheckFacePass === 1}
                onModifyPassword={() => setPopup('password')}
                onModifyMobile={() => setPopup('mobile')}
              />
            )}
          </Tabs.TabPane>
        ))}
      </Tabs>

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
