import { PartnerApp } from './partner-app.model';
import { newAppKey, newSecret } from './partner-app.service';

/**
 * Test factories of partner apps: an app written straight to the database, with its secret, so a
 * test of the partner API states only what it is about.
 */
export async function buildPartnerApp(
  projectId: number,
  overrides: Partial<
    Pick<
      PartnerApp,
      'name' | 'allowedOrigins' | 'callbackUrl' | 'ipAllowList' | 'enabled' | 'rateLimitPerMinute'
    >
  > = {},
): Promise<{ app: PartnerApp; secret: string }> {
  const secret = newSecret();
  const app = await PartnerApp.create({
    projectId,
    name: `合作方${Math.random().toString(36).slice(2, 8)}`,
    appKey: newAppKey(),
    secret,
    allowedOrigins: ['https://partner.example.com'],
    callbackUrl: null,
    ipAllowList: [],
    enabled: true,
    rateLimitPerMinute: 600,
    createdBy: null,
    ...overrides,
  });
  return { app, secret };
}
