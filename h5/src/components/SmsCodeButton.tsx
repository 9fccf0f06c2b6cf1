import type { SendMsgCodeAnswer } from '@px/api/contract';
import { SMS_CODE_RULES } from '@px/config';
import { useState } from 'react';
import { Button } from 'react-vant';
import { useCountdown } from '../hooks/useCountdown';

export interface SmsCodeButtonProps {
  /**
   * Checks what the code needs (the mobile field) and sends it; resolves with the server's answer,
   * or null when nothing was sent (the field was invalid). A rejection (already shown) allows a retry.
   */
  send: () => Promise<SendMsgCodeAnswer | null>;
  disabled?: boolean;
}

/**
 * 获取验证码: sends an SMS code, then counts down the seconds before another may be asked for
 * (`resendSeconds` of the answer, 60 s by default); locked against double taps while sending.
 */
export function SmsCodeButton({ send, disabled }: SmsCodeButtonProps) {
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const onClick = async () => {
    if (sending || remaining > 0) return;
    setSending(true);
    try {
      const answer = await send();
      if (answer) start(answer.resendSeconds > 0 ? answer.resendSeconds : SMS_CODE_RULES.resendSeconds);
    } catch {
      // The request client has shown why; the button may be tapped again.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      size="small"
      type="primary"
      plain
      nativeType="button"
      className="sms-code-button"
      disabled={disabled || remaining > 0}
      loading={sending}
      onClick={() => void onClick()}
    >
      {remaining > 0 ? `${remaining}秒后重新获取` : '获取验证码'}
    </Button>
  );
}
