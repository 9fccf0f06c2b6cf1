import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_MENU_URLS } from '@px/config';
import { SIGNED_GROUP, TOKEN_GROUP } from '@px/partner';
import { allActions } from './actions';
import { catalogueCalls } from './contract/catalogue';
import { OPEN_CALLS, TOKEN_CALL_SPECS } from './contract/open';
import { actionPath } from './core/action';
import { renderCallIndex } from './core/call-index';
import { assertCatalogueBound } from './core/router';
import { SPEC_CALLS } from './core/spec-calls';
import { REPO_ROOT } from './env';
import { OPEN_HANDLERS } from './modules/partner/open/open-calls';

test('every declared call has exactly one handler, bound to it', () => {
  expect(() => assertCatalogueBound(allActions, catalogueCalls())).not.toThrow();
});

test('every permission an action names is a page of the back-office route table', () => {
  const unknown = allActions.flatMap((action) =>
    (action.permission ?? [])
      .filter((url) => !ADMIN_MENU_URLS.has(url))
      .map((url) => `${actionPath(action)} ${url}`),
  );
  expect(unknown).toEqual([]);
});

test('docs/calls.md lists every call as the catalogue declares it (npm run calls)', () => {
  const committed = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'calls.md'), 'utf8');
  expect(committed).toBe(renderCallIndex(allActions, REPO_ROOT));
});

test('every call the spec names (section 7) is answered by calls the API has', () => {
  const paths = new Set(allActions.map((action) => actionPath(action)));
  const exists = (call: string) => {
    const [group = '', name = '', rest] = call.startsWith('open/') ? call.slice(5).split('/') : [];
    if (!call.startsWith('open/')) return paths.has(`/api/${call}.action`);
    if (rest !== undefined) return false;
    if (group === SIGNED_GROUP || group === TOKEN_GROUP) return name in OPEN_CALLS && name in OPEN_HANDLERS;
    return `${group}/${name}` in TOKEN_CALL_SPECS;
  };
  const missing = SPEC_CALLS.flatMap((line) =>
    line.calls.length === 0
      ? [`${line.family}: ${line.name} (no call)`]
      : line.calls.filter((call) => !exists(call)).map((call) => `${line.family}: ${line.name} -> ${call}`),
  );
  expect(missing).toEqual([]);
  // The check itself: a name that is no call is caught, in both APIs.
  expect(exists('dashboard/no-such-call')).toBe(false);
  expect(exists('open/train/no-such-call')).toBe(false);
  expect(exists('open/auth/no-such-call')).toBe(false);
  // Each spec name appears once in its family.
  const names = SPEC_CALLS.map((line) => `${line.family}: ${line.name}`);
  expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
});
