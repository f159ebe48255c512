import { dialog, type BrowserWindow, type MessageBoxOptions } from 'electron';
import type { Confirm } from '../client/ports/confirmPort';
import { mt } from '../i18n/mainText';

/**
 * The confirmation main asks for itself: a native dialog over the window,
 * which no script in the window can answer. Cancel is the default, so that
 * Enter pressed out of habit does nothing.
 */
export function nativeConfirm(window: () => BrowserWindow | null): Confirm {
  return async ({ action, message, detail }) => {
    const options: MessageBoxOptions = {
      type: 'warning',
      buttons: [action, mt('main.dialog.cancel')],
      defaultId: 1,
      cancelId: 1,
      noLink: true,
      message,
      detail,
    };
    return (await messageBox(window(), options)) === 0;
  };
}

/** A native dialog, over the window when there is one: the index of the button chosen. */
export async function messageBox(
  parent: BrowserWindow | null,
  options: MessageBoxOptions,
): Promise<number> {
  const { response } = parent
    ? await dialog.showMessageBox(parent, options)
    : await dialog.showMessageBox(options);
  return response;
}
