import { HOME_PATH } from '../../../router/paths';
import { ROUTER_BASENAME } from '../../../router-base';

/**
 * Loads the back office afresh at home (a full page load): the new session's account info, menu and
 * tabs replace everything of the previous one.
 */
export function reloadIntoHome(): void {
  window.location.assign(`${ROUTER_BASENAME}${HOME_PATH}`);
}
