import type { AccountInfo } from '@px/api/contract';
import { ROLE_SYSTEM, ROLE_SYSTEM_LABEL } from '@px/config';
import { Avatar, Card, Descriptions, type DescriptionsProps, Flex, Tag, Typography } from 'antd';

export interface AccountOverviewProps {
  info: AccountInfo;
  /** The project the back office was opened for (system-info), to name the account's project. */
  hostProject: { projectId: number; projectName: string } | null;
}

/** The name of the account's project: platform staff work across projects. */
export function projectNameOf(info: AccountInfo, hostProject: AccountOverviewProps['hostProject']): string {
  if (info.projectId === null) return '平台（全部项目）';
  if (hostProject && hostProject.projectId === info.projectId) return hostProject.projectName;
  return `项目编号 ${info.projectId}`;
}

/** Who is signed in: name, role (and its role system), project, and a super-account session's origin. */
export function AccountOverview({ info, hostProject }: AccountOverviewProps) {
  const { roleRP } = info;
  const items: DescriptionsProps['items'] = [
    {
      key: 'role',
      label: '角色',
      children: (
        <Flex gap={8} align="center" wrap>
          {roleRP.roleName}
          <Tag color={roleRP.roleSystem === ROLE_SYSTEM.PLATFORM ? 'purple' : 'blue'}>
            {ROLE_SYSTEM_LABEL[roleRP.roleSystem]}
          </Tag>
        </Flex>
      ),
    },
    { key: 'project', label: '所属项目', children: projectNameOf(info, hostProject) },
    ...(info.impersonatedBy
      ? [{ key: 'impersonatedBy', label: '超级账号', children: `由 ${info.impersonatedBy} 代为登录` }]
      : []),
  ];
  return (
    <Card>
      <Flex gap={16} align="center">
        <Avatar size={56} src={info.imagePath || undefined}>
          {info.userName.slice(0, 1)}
        </Avatar>
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            您好，{info.userName}
          </Typography.Title>
          <Descriptions size="small" column={{ xs: 1, md: 3 }} items={items} />
        </Flex>
      </Flex>
    </Card>
  );
}
