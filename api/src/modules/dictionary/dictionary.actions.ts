import { dictionaryTypeInput, regionalTreeInput } from '../../contract/dictionary';
import { type ActionContext, defineAction } from '../../core/action';
import { resolveRequestProject } from '../project/project.service';
import { dictionaryTree, listDictionary, regionalTree } from './dictionary.service';

/**
 * The project a dictionary read is for: the signed-in caller's project, else the project of the
 * named unit or of the request's host (as system-info resolves it).
 */
async function readerProjectId(ctx: ActionContext, unitId: number | undefined): Promise<number> {
  if (ctx.principal?.projectId && unitId === undefined) return ctx.principal.projectId;
  return (await resolveRequestProject({ unitId, host: ctx.request.host })).id;
}

/** `dictionary/list`: the entries of a type (shared entries overridden by the project's own). */
export const dictionaryList = defineAction({
  group: 'dictionary',
  name: 'list',
  methods: ['GET', 'POST'],
  auth: 'optional',
  input: dictionaryTypeInput,
  async handler(ctx, input) {
    return listDictionary(await readerProjectId(ctx, input.unitId), input.type);
  },
});

/** `dictionary/tree`: the entries of a type nested by parent code. */
export const dictionaryTreeAction = defineAction({
  group: 'dictionary',
  name: 'tree',
  methods: ['GET', 'POST'],
  auth: 'optional',
  input: dictionaryTypeInput,
  async handler(ctx, input) {
    return dictionaryTree(await readerProjectId(ctx, input.unitId), input.type);
  },
});

/** `dictionary/regional-tree`: administrative divisions from the project's area (or from `code`). */
export const dictionaryRegionalTree = defineAction({
  group: 'dictionary',
  name: 'regional-tree',
  methods: ['GET', 'POST'],
  auth: 'optional',
  input: regionalTreeInput,
  async handler(ctx, input) {
    if (input.code !== undefined) return regionalTree(null, input.code);
    return regionalTree(await readerProjectId(ctx, input.unitId));
  },
});

export const dictionaryActions = [dictionaryList, dictionaryTreeAction, dictionaryRegionalTree];
