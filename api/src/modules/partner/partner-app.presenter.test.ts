import type { PartnerApp } from './partner-app.model';
import { presentPartnerApp } from './partner-app.presenter';

const abilities = { canRotate: true, rotateRefusal: null, canRevokeTokens: true, revokeTokensRefusal: null };

const now = new Date('2026-03-01T02:00:00Z');
const app = (overrides: Partial<PartnerApp> = {}) =>
  ({
    id: 5,
    projectId: 1,
    name: '合作平台',
    appKey: 'pk_0123456789abcdef0123',
    secret: 'sk_current-secret',
    previousSecret: 'sk_previous-secret',
    previousSecretUntil: new Date('2026-03-01T02:30:00Z'),
    secretRotatedAt: new Date('2026-03-01T01:30:00Z'),
    allowedOrigins: ['https://partner.example'],
    callbackUrl: null,
    ipAllowList: [],
    enabled: true,
    rateLimitPerMinute: 600,
    createdBy: 9,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-03-01T01:30:00Z'),
    ...overrides,
  }) as PartnerApp;

describe('partner-app presenter', () => {
  test('answers neither secret; the previous one’s end only while it still overlaps', () => {
    const overlapping = presentPartnerApp(app(), '示例项目', undefined, now, abilities);
    expect(JSON.stringify(overlapping)).not.toMatch(/sk_/);
    expect(overlapping).toMatchObject({
      previousSecretUntil: '2026-03-01T02:30:00.000Z',
      callsToday: 0,
      callsTotal: 0,
      lastCallAt: null,
    });
    const ended = presentPartnerApp(
      app({ previousSecretUntil: new Date('2026-03-01T01:59:59Z') }),
      '',
      undefined,
      now,
      abilities,
    );
    expect(ended.previousSecretUntil).toBeNull();
  });

  test('answers the abilities it is given', () => {
    const refused = { ...abilities, canRevokeTokens: false, revokeTokensRefusal: '应用已停用，令牌均已失效' };
    expect(presentPartnerApp(app(), '', undefined, now, refused)).toMatchObject(refused);
  });
});
