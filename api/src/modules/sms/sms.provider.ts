import type { Transaction } from 'sequelize';
import type { Env } from '../../env';
import { SmsOutbox } from './sms-outbox.model';

/** One text message to one mobile, on behalf of a project (its title signs the message). */
export interface SmsMessage {
  projectId: number;
  mobile: string;
  content: string;
}

/**
 * Where SMS messages go. `send` resolves once the message is accepted and throws when it is not;
 * the caller's transaction is passed so a provider writing to the database commits with the code.
 */
export interface SmsProvider {
  readonly name: Env['SMS_PROVIDER'];
  send(message: SmsMessage, options?: { transaction?: Transaction }): Promise<void>;
}

declare module '../../core/action' {
  interface Providers {
    /** Where SMS codes are sent (env `SMS_PROVIDER`). */
    sms: SmsProvider;
  }
}

/** The default provider: writes each message to `sms_outbox`, which staff read at `sms/outbox`. */
export const outboxSmsProvider: SmsProvider = {
  name: 'outbox',
  async send(message, options = {}) {
    await SmsOutbox.create(
      { projectId: message.projectId, mobile: message.mobile, content: message.content },
      { transaction: options.transaction },
    );
  },
};

/** The provider of a configured name (env `SMS_PROVIDER`), built once at start; throws on an unknown name. */
export function createSmsProvider(name: Env['SMS_PROVIDER']): SmsProvider {
  switch (name) {
    case 'outbox':
      return outboxSmsProvider;
    default:
      throw new Error(`unknown SMS provider ${String(name)}`);
  }
}
