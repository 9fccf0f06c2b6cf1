import { partnerAppCalls } from '../../contract/partner-app';
import { implement } from '../../core/action';
import {
  listPartnerApps,
  partnerAppDetail,
  partnerCallLogs,
  rotatePartnerSecret,
  savePartnerApp,
} from './partner-app.service';
import { listNotices, replayNotice } from './partner-notice.service';
import { revokeAppTokens } from './partner-token.service';

/** Partner apps (`partner-app/...`): platform staff under 项目管理 → 合作平台. */
export const partnerAppActions = implement(partnerAppCalls, {
  list: (ctx, input) => listPartnerApps(ctx, input),
  detail: (ctx, input) => partnerAppDetail(ctx, input.id),
  save: (ctx, input) => savePartnerApp(ctx, input),
  'rotate-secret': (ctx, input) => rotatePartnerSecret(ctx, input),
  'revoke-tokens': (ctx, input) => revokeAppTokens(ctx, input.id),
  'call-logs': (ctx, input) => partnerCallLogs(ctx, input),
  notices: (ctx, input) => listNotices(ctx, input),
  'replay-notice': (ctx, input) => replayNotice(ctx, input.id),
});
