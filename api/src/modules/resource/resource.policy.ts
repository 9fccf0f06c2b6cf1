import { resourceCalls } from '../../contract/resource';
import {
  callGrant,
  definePolicy,
  forbid,
  judge,
  type PolicyScope,
  refuse,
  type Verdict,
} from '../../core/policy';

/**
 * The video resources' policy: what staff may do to a video beyond the pages that grant its calls.
 */

/**
 * A video as 重新转码 judges it: why the video itself may not be re-packaged now, or null
 * (video-packaging.service's `repackageRefusal`, which reads the providers: READY, not kept by
 * 云点播, no re-package under way).
 */
export interface RepackageFacts {
  rowRefusal: string | null;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'resource.repackage': RepackageFacts;
  }
}

export const resourcePolicy = definePolicy({
  /**
   * 重新转码: a caller whose role the call `resource/repackage` admits (project staff granted
   * 视频资源; a role that only picks videos for courses reads the list but may not), then the
   * video's own rule.
   */
  'resource.repackage': (scope, facts) =>
    callGrant(scope, resourceCalls.repackage.access) ?? (facts.rowRefusal ? refuse(facts.rowRefusal) : null),
});

/** 重新转码's verdict for a caller (none: refused) on a video whose own refusal is `rowRefusal`. */
export const repackageVerdict = (caller: PolicyScope | null, rowRefusal: string | null): Verdict =>
  caller ? judge(caller, 'resource.repackage', { rowRefusal }) : forbid();
