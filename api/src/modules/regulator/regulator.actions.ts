import { regulatorCalls } from '../../contract/regulator';
import { implement } from '../../core/action';
import { getPushConfig, savePushConfig } from './push-config.service';

/** Reporting to the regulator (`regulator/...`): each project's push config, for platform staff. */
export const regulatorActions = implement(regulatorCalls, {
  'push-config': (ctx, input) => getPushConfig(ctx, input.id),
  'save-push-config': (ctx, input) => savePushConfig(ctx, input),
});
