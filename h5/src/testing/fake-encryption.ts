/**
 * `@px/config` with `encryptLoginField` faked as `enc[<key>](<trimmed value>)`, so tests can read
 * what a form encrypted. Use it as the factory of a mock (jest hoists `jest.mock` above imports):
 * `jest.mock('@px/config', () => jest.requireActual('../../testing/fake-encryption').configWithFakeEncryption());`
 */
export function configWithFakeEncryption(): typeof import('@px/config') {
  return {
    ...jest.requireActual<typeof import('@px/config')>('@px/config'),
    encryptLoginField: jest.fn(async (value: string, key: string) => `enc[${key}](${value.trim()})`),
  };
}
