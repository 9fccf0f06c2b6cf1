import { ApiError, type Outcome } from './interpret-response';

/** How an app shows a failed call: its own toast or message, and its own 友情提示 dialog. */
export interface ApiFeedback {
  /** Shows an error message (respCode -1, 401, 403, 404, ..., or the network failure text). */
  showErrorMessage(text: string): void;
  /** Shows a business notice (respCode -2) in a dialog titled 友情提示. */
  showNotice(text: string): void;
}

/**
 * Turns an outcome into the value a request client resolves to: the data of an `ok` outcome.
 * Any other outcome is shown through `feedback` (a cancelled request shows nothing) and thrown
 * as an ApiError, so pages never repeat error toasts.
 */
export function settleOutcome<T>(outcome: Outcome<T>, feedback: ApiFeedback): T {
  switch (outcome.kind) {
    case 'ok':
      return outcome.data;
    case 'notice':
      feedback.showNotice(outcome.message);
      break;
    case 'error':
    case 'network':
      feedback.showErrorMessage(outcome.message);
      break;
    case 'cancelled':
      break;
  }
  throw new ApiError(outcome);
}
