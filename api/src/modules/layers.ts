/**
 * The modules of the API from the bottom up. A module imports only modules of lower layers (never
 * one beside or above it); a lower module that must let a higher one act or object emits a domain
 * event (`core/events.ts`) the higher one listens to. `layers.test.ts` checks every import.
 */
export const MODULE_LAYERS: readonly (readonly string[])[] = [
  ['storage', 'audit', 'dictionary'],
  ['upload'],
  ['project'],
  ['sms', 'captcha', 'identity'],
  ['unit'],
  ['session'],
  ['account'],
  ['wechat'],
  ['auth'],
  ['super-account'],
  ['face'],
  ['category-tree', 'banner'],
  ['resource'],
  ['course'],
  ['certificate', 'class-category'],
  ['train-plan'],
  ['train-class'],
  ['unit-class', 'unit-affiliation'],
  ['cart'],
  ['class-center'],
  ['order'],
  ['invoice'],
  ['unit-import'],
  ['my-class', 'study'],
  ['student'],
  ['study-report'],
  ['exam', 'my-certificate'],
  ['change-class'],
  ['cms'],
  ['refund-apply', 'document-link', 'home'],
  ['regulator'],
  ['partner'],
];
