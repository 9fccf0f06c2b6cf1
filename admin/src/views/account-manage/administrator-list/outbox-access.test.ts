import { buildAccountInfo } from '../../../testing/render-app';
import { canReadSmsOutbox } from './outbox-access';

describe('canReadSmsOutbox', () => {
  it('lets platform and project staff holding the administrator list read the outbox', () => {
    expect(canReadSmsOutbox(buildAccountInfo(['/account-manage/administrator-list']))).toBe(true);
    expect(
      canReadSmsOutbox(buildAccountInfo(['/account-manage/administrator-list'], { roleSystem: 1 })),
    ).toBe(true);
  });

  it('refuses unit managers, roles without the screen and nobody signed in', () => {
    expect(
      canReadSmsOutbox(buildAccountInfo(['/account-manage/administrator-list'], { roleSystem: 4 })),
    ).toBe(false);
    expect(canReadSmsOutbox(buildAccountInfo(['/account-manage/role']))).toBe(false);
    expect(canReadSmsOutbox(null)).toBe(false);
  });
});
