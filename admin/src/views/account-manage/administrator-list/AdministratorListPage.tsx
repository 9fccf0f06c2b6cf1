import { Card, Tabs } from 'antd';
import { useAtomValue } from 'jotai';
import { accountInfoAtom } from '../../../store/session';
import { SmsOutboxPanel } from './components/SmsOutboxPanel';
import { StaffAccountsPanel } from './components/StaffAccountsPanel';
import { canReadSmsOutbox } from './outbox-access';
import './administrator-list.css';

/**
 * 管理员列表 (/account-manage/administrator-list): the project's staff accounts and, for those who
 * may read it, the SMS outbox (a demo reads its verification codes there).
 */
export function AdministratorListPage() {
  const info = useAtomValue(accountInfoAtom);
  const items = [
    { key: 'accounts', label: '管理员账号', children: <StaffAccountsPanel /> },
    ...(canReadSmsOutbox(info)
      ? [{ key: 'sms-outbox', label: '短信发件箱', children: <SmsOutboxPanel /> }]
      : []),
  ];
  return (
    <Card className="admin-list">
      <Tabs items={items} />
    </Card>
  );
}
