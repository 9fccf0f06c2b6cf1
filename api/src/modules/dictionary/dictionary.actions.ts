import { dictionaryCalls } from '../../contract/dictionary';
import { implement } from '../../core/action';
import { dictionaryTree, listDictionary, regionalTree } from './dictionary.service';

/**
 * The dictionary calls (`dictionary/...`): open to anyone, in the signed-in caller's project or the
 * request's (the router resolved it: `unitId`'s project, else the host's, else the default one).
 */
export const dictionaryActions = implement(dictionaryCalls, {
  list: (ctx, input) => listDictionary(ctx.project.id, input.type),
  tree: (ctx, input) => dictionaryTree(ctx, input.type),
  'regional-tree': async (ctx, input) => regionalTree(ctx, input.code),
});
