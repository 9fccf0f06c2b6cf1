import { dictionaryCalls } from '../../contract/dictionary';
import { implement } from '../../core/action';
import { dictionaryTree, listDictionary, regionalTree } from './dictionary.service';
import {
  saveVocation,
  sortVocation,
  toggleVocation,
  vocationalResourceTree,
  vocationTree,
} from './vocation.service';

/**
 * The dictionary calls (`dictionary/...`): open to anyone, in the signed-in caller's project or the
 * request's (the router resolved it: `unitId`'s project, else the host's, else the default one);
 * the vocational resource tree is the platform's, read by anyone and kept by platform staff.
 */
export const dictionaryActions = implement(dictionaryCalls, {
  list: (ctx, input) => listDictionary(ctx.project.id, input.type),
  tree: (ctx, input) => dictionaryTree(ctx, input.type),
  'regional-tree': async (ctx, input) => regionalTree(ctx, input.code),
  'vocational-resource-tree': () => vocationalResourceTree(),
  'vocation-tree': () => vocationTree(),
  'vocation-save': (ctx, input) => saveVocation(ctx, input),
  'vocation-toggle': (ctx, input) => toggleVocation(ctx, input.id, input.enabled),
  'vocation-sort': (ctx, input) => sortVocation(ctx, input.id, input.index),
});
