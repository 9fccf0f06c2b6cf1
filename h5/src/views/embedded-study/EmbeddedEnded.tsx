import { useEffect } from 'react';
import { getEmbedInfo } from '../../api/partner';
import { PageMessage } from '../../components/PageState';
import { GO_HOME_DELAY_MS, postToParent, readEmbedded } from '../../session/embedded';

/** What the page says when the embedded session ended (or there never was one). */
export const EMBEDDED_ENDED_MESSAGE = '学习会话已结束，请回到合作平台重新进入学习';

/**
 * The end of a partner's embedded study (spec section 2's navigation-guard rule for frames): says
 * why, with no way out of the frame, and after 2 seconds tells the parent `goHome`, to its origin
 * only when that is one of the app's allowed origins (the embedded session's, else asked of the
 * server for `appKey`).
 */
export function EmbeddedEnded({
  message = EMBEDDED_ENDED_MESSAGE,
  reason,
  appKey,
}: {
  message?: string;
  /** Why, as the parent is told: SESSION_ENDED or the ticket's refusal code. */
  reason: string;
  appKey?: string | null;
}) {
  useEffect(() => {
    let live = true;
    const known = readEmbedded()?.allowedOrigins;
    const origins: Promise<string[]> = known?.length
      ? Promise.resolve(known)
      : appKey
        ? getEmbedInfo(appKey).then(
            (info) => info.allowedOrigins,
            () => [],
          )
        : Promise.resolve([]);
    const timer = window.setTimeout(() => {
      void origins.then((allowed) => {
        if (live) postToParent({ type: 'goHome', reason }, allowed);
      });
    }, GO_HOME_DELAY_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [reason, appKey]);
  return <PageMessage image="error" description={message} />;
}
