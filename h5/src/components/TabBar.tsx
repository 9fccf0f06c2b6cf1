import { AppsO, HomeO, UserO } from '@react-vant/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { Tabbar } from 'react-vant';
import { normalizePath } from '../router/paths';
import { TAB_BAR_ITEMS } from '../router/routes';

const ICONS: Record<string, JSX.Element> = {
  '/': <HomeO />,
  '/classSelectCenter': <AppsO />,
  '/my': <UserO />,
};

/** The bottom tab bar (首页 / 选课 / 我的) of the routes whose meta asks for it. */
export function TabBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <nav aria-label="底部导航">
      <Tabbar fixed placeholder value={normalizePath(pathname)} onChange={(path) => navigate(String(path))}>
        {TAB_BAR_ITEMS.map((item) => (
          <Tabbar.Item key={item.path} name={item.path} icon={ICONS[item.path]}>
            {item.title}
          </Tabbar.Item>
        ))}
      </Tabbar>
    </nav>
  );
}
