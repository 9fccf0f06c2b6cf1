import { ApiError } from '@px/config';
import { feedback } from '../api/feedback';

/**
 * Shows a failure that did not come from an API call (no WebCrypto, an unreadable key) the way the
 * request client shows its own; ApiErrors were shown already and are left alone. Never throws.
 */
export function showLocalError(error: unknown): void {
  if (error instanceof ApiError) return;
  feedback.showErrorMessage(error instanceof Error && error.message ? error.message : String(error));
}
