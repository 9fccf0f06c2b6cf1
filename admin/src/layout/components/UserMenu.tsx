import DownOutlined from '@ant-design/icons/DownOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { Avatar, Dropdown } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../../router/paths';
import { accountInfoAtom, logoutAtom } from '../../store/session';

/** The signed-in person in the top bar: avatar and name, with home and 退出登录. */
export function UserMenu() {
  const info = useAtomValue(accountInfoAtom);
  const logout = useSetAtom(logoutAtom);
  const navigate = useNavigate();
  const items = [
    { key: 'home', icon: <HomeOutlined />, label: '首页' },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: async ({ key }) => {
          if (key === 'home') navigate(HOME_PATH);
          // The navigation guard shows the sign-in page once the session is gone.
          if (key === 'logout') await logout();
        },
      }}
    >
      <button type="button" className="app-navbar__user" aria-label="账号菜单">
        <Avatar size="small" src={info?.imagePath || undefined} icon={<UserOutlined />} alt="" />
        <span className="app-navbar__user-name">{info?.userName}</span>
        {info?.roleRP.roleName && <span className="app-navbar__user-role">{info.roleRP.roleName}</span>}
        <DownOutlined className="app-navbar__user-caret" />
      </button>
    </Dropdown>
  );
}
