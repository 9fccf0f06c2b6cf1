import type { CheckFollowAnswer } from '@px/api/contract';
import { useEffect, useState } from 'react';
import { checkFollow } from '../../../api/wechat';

/** The prompt's heading. */
export const FOLLOW_PROMPT_TEXT = '关注公众号，及时接收学习提醒';

/**
 * For a student with WeChat bound who does not follow the project's official account: the
 * account's QR code and why to follow it (`wechat/check-follow`). Shows nothing otherwise, and
 * nothing when the check fails (it is only a prompt).
 */
export function FollowPrompt({ wechatBound }: { wechatBound: boolean }) {
  const [answer, setAnswer] = useState<CheckFollowAnswer | null>(null);

  useEffect(() => {
    if (!wechatBound) return undefined;
    let current = true;
    checkFollow().then(
      (result) => current && setAnswer(result),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wechatBound]);

  if (!answer?.bound || answer.followed || !answer.qrCodeUrl) return null;
  return (
    <section className="follow-prompt" aria-label="关注公众号">
      <img className="follow-prompt__qr" src={answer.qrCodeUrl} alt={`${answer.appName ?? '公众号'}二维码`} />
      <div className="follow-prompt__text">
        <h2 className="follow-prompt__title">{FOLLOW_PROMPT_TEXT}</h2>
        <p className="follow-prompt__hint">
          长按识别二维码{answer.appName ? `关注「${answer.appName}」` : '关注'}
        </p>
      </div>
    </section>
  );
}
