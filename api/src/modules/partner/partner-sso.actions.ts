import { partnerSsoCalls } from '../../contract/partner-sso';
import { implement } from '../../core/action';
import { embedInfo, exchangeSsoTicket } from './partner-sso.service';

/** Single sign-on of partners' students (`partner/...`): the embedded study page's ticket exchange. */
export const partnerSsoActions = implement(partnerSsoCalls, {
  'sso-login': (ctx, input) => exchangeSsoTicket(ctx, input),
  'embed-info': (_ctx, input) => embedInfo(input.app),
});
