import { ROLE_SYSTEM, type RoleSystem } from '@px/config';
import { EXCEPTION_LOG_MESSAGES as M } from '../../contract/exception-log';
import type { PolicyScope } from '../../core/policy';
import { type LogData, presentExceptionLog, presentExceptionLogDetail } from './exception-log.presenter';

const scopeOf = (roleSystem: RoleSystem, projectId: number): PolicyScope => ({
  project: { id: projectId },
  principal: { accountId: 9, roleSystem, unitId: null, menu: new Set() },
});
const platform = scopeOf(ROLE_SYSTEM.PLATFORM, 0);
const staff = scopeOf(ROLE_SYSTEM.PROJECT, 1);

const failure = (overrides: Partial<LogData> = {}): LogData => ({
  key: 'PUSH:12',
  source: 'PUSH',
  at: new Date('2026-03-01T02:00:00Z'),
  project_id: 1,
  project_name: '示例项目',
  object: '推送单号 RP1 · 张三',
  reason: '监管平台拒收',
  link: '/customer/my-class-push-log-exception-manage',
  resolved_by_name: null,
  resolved_at: null,
  resolve_note: null,
  ...overrides,
});

describe('exception-log presenter', () => {
  test('an open failure may be retried and resolved by its project staff and platform staff', () => {
    for (const scope of [platform, staff])
      expect(presentExceptionLog(scope, failure())).toMatchObject({
        key: 'PUSH:12',
        state: 'OPEN',
        at: '2026-03-01T02:00:00.000Z',
        canRetry: true,
        retryRefusal: null,
        canResolve: true,
        resolveRefusal: null,
      });
  });

  test("another project's failure, a handled one and a payment notification are refused with their reasons", () => {
    expect(presentExceptionLog(staff, failure({ project_id: 2 }))).toMatchObject({
      canRetry: false,
      retryRefusal: M.NOT_FOUND,
      canResolve: false,
    });
    const resolved = presentExceptionLog(
      platform,
      failure({
        resolved_at: new Date('2026-03-02T00:00:00Z'),
        resolved_by_name: '管理员',
        resolve_note: '已联系',
      }),
    );
    expect(resolved).toMatchObject({
      state: 'RESOLVED',
      resolvedAt: '2026-03-02T00:00:00.000Z',
      canRetry: false,
      retryRefusal: M.RESOLVED,
      canResolve: false,
      resolveRefusal: M.RESOLVED,
    });
    expect(presentExceptionLog(platform, failure({ key: 'PAYMENT:3', source: 'PAYMENT' }))).toMatchObject({
      canRetry: false,
      retryRefusal: M.NOT_RETRYABLE,
      canResolve: true,
    });
  });

  test("the detail shows a job's record cut to 2,000 characters, nothing once it is gone, else the reason", () => {
    const job = failure({ key: 'JOB:0a1b', source: 'JOB', reason: 'boom' });
    const detail = presentExceptionLogDetail(platform, job, {
      name: 'invoice.issue',
      data: { projectId: 1, note: 'x'.repeat(3000) },
      output: { message: 'boom' },
      retry_count: 2,
      created_on: new Date('2026-03-01T01:00:00Z'),
    });
    expect(detail.facts.map((fact) => fact.label)).toEqual([
      '任务',
      '创建时间',
      '重试次数',
      '任务数据',
      '失败输出',
    ]);
    expect(detail.facts[3]?.value).toHaveLength(2000);
    expect(detail.facts[4]?.value).toBe('{"message":"boom"}');
    expect(presentExceptionLogDetail(platform, job, undefined).facts).toEqual([]);
    expect(presentExceptionLogDetail(platform, failure({ reason: '' }), undefined).facts).toEqual([
      { label: '原因', value: '—' },
    ]);
  });
});
