import { smsCalls } from '../../contract/sms';
import { implement } from '../../core/action';
import { listOutbox } from './sms-outbox.service';

/**
 * The SMS outbox (`sms/outbox`). The codes themselves are sent by the flows that use them:
 * `sms/send-msg-code` (account), sign-up, SMS sign-in and forgotten passwords (auth).
 */
export const smsActions = implement(smsCalls, {
  outbox: (ctx, input) => listOutbox(ctx, input),
});
