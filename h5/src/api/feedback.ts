import { type ApiFeedback, MESSAGE_DURATION_MS, RESP_DESC } from '@px/config';
import { Dialog, Toast } from 'react-vant';

/**
 * The only place the request client touches the UI, so the decisions (`@px/config`'s
 * interpretResponse and settleOutcome) stay testable without a screen.
 */
export const feedback: ApiFeedback = {
  /** Shows an error text toast for 5 s (MESSAGE_DURATION_MS). */
  showErrorMessage(message) {
    Toast.info({ message, duration: MESSAGE_DURATION_MS });
  },

  /** Shows a business notice (respCode -2) in an alert dialog titled 友情提示. */
  showNotice(message) {
    void Dialog.alert({ title: RESP_DESC.NOTICE_TITLE, message });
  },
};
