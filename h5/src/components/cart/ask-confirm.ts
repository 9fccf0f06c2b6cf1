import { Dialog } from 'react-vant';

/** The options of a confirmation dialog (title, message, button texts). */
export type ConfirmOptions = Parameters<typeof Dialog.confirm>[0];

/** Asks a question in a confirmation dialog; resolves true when confirmed, false when cancelled. Never rejects. */
export async function askConfirm(options: ConfirmOptions): Promise<boolean> {
  try {
    return await Dialog.confirm(options);
  } catch {
    return false;
  }
}
