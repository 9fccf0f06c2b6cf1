import { MESSAGE_DURATION_MS, RESP_DESC } from '@px/config';
import { Dialog, Toast } from 'react-vant';

/**
 * The only place the request client touches the UI, so the decisions stay testable without a screen.
 */

/** Shows an error text toast for 5 s (MESSAGE_DURATION_MS). */
export function showErrorMessage(message: string): void {
  Toast.info({ message, duration: MESSAGE_DURATION_MS });
}

/** Shows a business notice (respCode -2) in an alert dialog titled 友情提示. */
export function showNotice(message: string): void {
  void Dialog.alert({ title: RESP_DESC.NOTICE_TITLE, message });
}
