import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_MENU_URLS } from '@px/config';
import { allActions } from './actions';
import { catalogueCalls } from './contract/catalogue';
import { actionPath } from './core/action';
import { renderCallIndex } from './core/call-index';
import { assertCatalogueBound } from './core/router';
import { REPO_ROOT } from './env';

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
