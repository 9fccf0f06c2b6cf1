import UserSwitchOutlined from '@ant-design/icons/UserSwitchOutlined';
import { Tag, Tooltip } from 'antd';
import { useAtomValue } from 'jotai';
import { accountInfoAtom } from '../../store/session';

/**
 * Shown in the top bar while platform staff are signed in as this account through the super
 * account (get-account-info `impersonatedBy`): who is acting, and that the session is limited.
 */
export function ImpersonationTag() {
  const info = useAtomValue(accountInfoAtom);
  if (!info?.impersonatedBy) return null;
  return (
    <Tooltip title="超级账号会话，有效期 2 小时，操作均被审计">
      <Tag color="orange" icon={<UserSwitchOutlined />} className="app-navbar__impersonation">
        超级账号：{info.impersonatedBy}
      </Tag>
    </Tooltip>
  );
}
