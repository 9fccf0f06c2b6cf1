import { type ApiFeedback, MESSAGE_DURATION_MS, RESP_DESC } from '@px/config';
import { Modal, message } from 'antd';

/**
 * The only place the request client touches the UI, so the decisions (`@px/config`'s
 * interpretResponse and settleOutcome) stay testable without a screen.
 */
export const feedback: ApiFeedback = {
  /** Shows an error message for 5 s (MESSAGE_DURATION_MS); the same text shown twice stays one message. */
  showErrorMessage(text) {
    void message.error({ content: text, duration: MESSAGE_DURATION_MS / 1000, key: text });
  },

  /** Shows a business notice (respCode -2) in a warning dialog titled 友情提示. */
  showNotice(text) {
    Modal.warning({ title: RESP_DESC.NOTICE_TITLE, content: text });
  },
};
