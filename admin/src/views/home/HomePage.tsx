import { ROLE_SYSTEM } from '@px/config';
import { Card, Descriptions, type DescriptionsProps, Flex } from 'antd';
import { useAtomValue } from 'jotai';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed } from '../../components/RecordPending';
import { useAccess } from '../../hooks/useAccess';
import { useSystemInfo } from '../../hooks/useSystemInfo';
import { accountInfoAtom } from '../../store/session';
import { AccountOverview } from './components/AccountOverview';
import { HomeStats } from './components/HomeStats';
import { HomeTodoCard } from './components/HomeTodoCard';
import { OwnUnitCard } from './components/OwnUnitCard';
import { UnitWorkspaceCard } from './components/UnitWorkspaceCard';
import { useHomeStats } from './hooks/useHomeStats';

/**
 * The back office's home: who is signed in (name, role, project), 待办事项 (the work waiting for project
 * staff and unit managers, counted by the server, each linking to its filtered list), the counts their menu grants
 * (projects for platform staff; units and staff accounts for project staff), a unit manager's
 * workspace (unit classes, students, unpaid batch orders) and way to their unit, and the project's
 * titles and version from the system-info call.
 */
export function HomePage() {
  const systemInfo = useSystemInfo();
  const info = useAtomValue(accountInfoAtom);
  const { can } = useAccess();
  const stats = useHomeStats(info);
  if (systemInfo.status === 'loading') return <PageLoading />;
  if (systemInfo.status === 'error')
    return <LoadFailed message={systemInfo.message} onRetry={systemInfo.reload} />;
  const { title, shortTitle, versionCode, projectId, projectName } = systemInfo.settings;
  const items: DescriptionsProps['items'] = [
    { key: 'title', label: '平台名称', children: title },
    { key: 'shortTitle', label: '平台简称', children: shortTitle || '—' },
    { key: 'versionCode', label: '版本号', children: versionCode || '—' },
  ];
  const ownUnitId =
    info?.roleRP.roleSystem === ROLE_SYSTEM.UNIT && info.unitId !== null && can('/unit-manage/detail')
      ? info.unitId
      : null;
  const unitWorkspace = info?.roleRP.roleSystem === ROLE_SYSTEM.UNIT && can('/train-manage/unit-class');
  const hasTodo =
    info?.roleRP.roleSystem === ROLE_SYSTEM.PROJECT || info?.roleRP.roleSystem === ROLE_SYSTEM.UNIT;
  return (
    <Flex vertical gap={16}>
      {info && <AccountOverview info={info} hostProject={{ projectId, projectName }} />}
      {hasTodo && <HomeTodoCard />}
      <HomeStats stats={stats} />
      {unitWorkspace && <UnitWorkspaceCard canPay={can('/train-manage/batch-pay-order')} />}
      {ownUnitId !== null && <OwnUnitCard unitId={ownUnitId} />}
      <Card title="平台信息">
        <Descriptions column={1} items={items} />
      </Card>
    </Flex>
  );
}
