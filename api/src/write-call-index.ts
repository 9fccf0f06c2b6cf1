import fs from 'node:fs';
import path from 'node:path';
import { allActions } from './actions';
import { renderCallIndex } from './core/call-index';
import { REPO_ROOT } from './env';

/** `npm run calls`: writes docs/calls.md from the actions of the API. */
const target = path.join(REPO_ROOT, 'docs', 'calls.md');
fs.writeFileSync(target, renderCallIndex(allActions, REPO_ROOT));
console.log(`wrote ${path.relative(process.cwd(), target)} (${allActions.length} calls)`);
