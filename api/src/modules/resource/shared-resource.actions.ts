import { sharedResourceCalls } from '../../contract/shared-resource';
import { implement } from '../../core/action';
import {
  deleteSharedResource,
  listShareCandidates,
  listSharedResources,
  saveSharedResource,
  sharedResourcePlayUrl,
  shareResource,
  useSharedResource,
} from './shared-resource.service';

/** The shared library's calls (`shared-resource/...`): platform staff fill it, project staff use it. */
export const sharedResourceActions = implement(sharedResourceCalls, {
  query: (ctx, input) => listSharedResources(ctx, input),
  'play-url': (ctx, input) => sharedResourcePlayUrl(ctx, input.id),
  use: (ctx, input) => useSharedResource(ctx, input.id),
  candidates: (ctx, input) => listShareCandidates(ctx, input),
  share: (ctx, input) => shareResource(ctx, input),
  save: (ctx, input) => saveSharedResource(ctx, input),
  delete: async (ctx, input) => {
    await deleteSharedResource(ctx, input.id);
    return null;
  },
});
