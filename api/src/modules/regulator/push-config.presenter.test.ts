import type { RegulatorPushConfig } from './push-config.model';
import { presentPushConfig } from './push-config.presenter';

const project = { id: 3, name: '示例项目' };
const live = {
  mode: 'live' as const,
  endpointFor: (endpoint: string | null) => endpoint ?? 'https://regulator.example/base',
};

describe('push-config presenter', () => {
  test('a project without a config reports where the provider says, with no secret set', () => {
    expect(presentPushConfig(project, null, live)).toMatchObject({
      secretSet: false,
      mode: 'live',
      effectiveEndpoint: 'https://regulator.example/base',
    });
  });

  test('answers that a secret is set, never the secret', () => {
    const config = {
      projectId: 3,
      enabled: true,
      endpoint: 'https://regulator.example/project-3',
      appId: 'app-3',
      appSecret: 'regulator-secret-0123456789abcdef',
      baseTypes: ['public'],
      pushMode: 'MANUAL',
      updatedAt: new Date('2026-03-01T02:00:00Z'),
    } as unknown as RegulatorPushConfig;
    const answer = presentPushConfig(project, config, live);
    expect(answer).toMatchObject({
      secretSet: true,
      effectiveEndpoint: 'https://regulator.example/project-3',
      updatedAt: '2026-03-01T02:00:00.000Z',
    });
    expect(JSON.stringify(answer)).not.toContain('regulator-secret');
  });
});
