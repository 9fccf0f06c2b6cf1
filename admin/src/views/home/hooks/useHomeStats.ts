import type { AccountInfo } from '@px/api/contract';
import { ROLE_SYSTEM, type RoleSystem } from '@px/config';
import { useEffect, useMemo, useState } from 'react';
import { queryAccounts } from '../../../api/account';
import { listProjects } from '../../../api/project';
import { listUnits } from '../../../api/unit';
import { collectMenuUrls } from '../../../router/access';

/** One count on the home page: what it counts, the screen it comes from, and how to get it. */
export interface HomeStatDefinition {
  key: string;
  title: string;
  /** The screen listing what is counted (the stat links there). */
  path: string;
  /** Role systems the server answers this call for. */
  roles: readonly RoleSystem[];
  load: () => Promise<number>;
}

const QUIET = { quiet: true };

/**
 * The counts the home page may show, each from the total of a list call the account's menu grants
 * (one row asked for: only the total matters).
 */
export const HOME_STATS: readonly HomeStatDefinition[] = [
  {
    key: 'projects',
    title: '项目总数',
    path: '/project-manage/list',
    roles: [ROLE_SYSTEM.PLATFORM],
    load: async () => (await listProjects({ pageNum: 1, pageSize: 1 }, QUIET)).total,
  },
  {
    key: 'enabledProjects',
    title: '启用中的项目',
    path: '/project-manage/list',
    roles: [ROLE_SYSTEM.PLATFORM],
    load: async () => (await listProjects({ pageNum: 1, pageSize: 1, status: 'ENABLED' }, QUIET)).total,
  },
  {
    key: 'units',
    title: '培训机构',
    path: '/unit-manage/list',
    roles: [ROLE_SYSTEM.PROJECT],
    load: async () => (await listUnits({ pageNum: 1, pageSize: 1 }, QUIET)).total,
  },
  {
    key: 'staff',
    title: '后台账号',
    path: '/account-manage/administrator-list',
    roles: [ROLE_SYSTEM.PROJECT],
    load: async () => (await queryAccounts({ pageNum: 1, pageSize: 1 })).total,
  },
];

/** The stats an account may see: its role system is answered and its menu holds the screen. */
export function permittedStats(info: AccountInfo, stats: readonly HomeStatDefinition[] = HOME_STATS) {
  const urls = collectMenuUrls(info.roleRP.menu);
  return stats.filter((stat) => stat.roles.includes(info.roleRP.roleSystem) && urls.has(stat.path));
}

/** A stat as shown: loading, its number, or failed (the value is then not shown). */
export interface HomeStat {
  key: string;
  title: string;
  path: string;
  status: 'loading' | 'ready' | 'failed';
  value?: number;
}

/** Loads the permitted stats once per account, in parallel; each shows as soon as it arrives. */
export function useHomeStats(info: AccountInfo | null): HomeStat[] {
  const definitions = useMemo(() => (info ? permittedStats(info) : []), [info]);
  const [values, setValues] = useState<Record<string, { status: 'ready' | 'failed'; value?: number }>>({});
  useEffect(() => {
    let current = true;
    setValues({});
    for (const stat of definitions) {
      stat.load().then(
        (value) =>
          current && setValues((previous) => ({ ...previous, [stat.key]: { status: 'ready', value } })),
        () => current && setValues((previous) => ({ ...previous, [stat.key]: { status: 'failed' } })),
      );
    }
    return () => {
      current = false;
    };
  }, [definitions]);
  return definitions.map((stat) => ({
    key: stat.key,
    title: stat.title,
    path: stat.path,
    status: values[stat.key]?.status ?? 'loading',
    value: values[stat.key]?.value,
  }));
}
