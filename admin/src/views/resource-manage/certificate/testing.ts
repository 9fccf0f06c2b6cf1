import type { CertificateField } from '@px/api/contract';

/** For the screen's tests: a field of `key` at (100, 100), 300 wide, 24 px dark text. */
export function buildField(
  key: CertificateField['key'],
  overrides: Partial<CertificateField> = {},
): CertificateField {
  return {
    key,
    x: 100,
    y: 100,
    width: 300,
    fontSize: 24,
    color: '#333333',
    bold: false,
    align: 'left',
    ...overrides,
  };
}
