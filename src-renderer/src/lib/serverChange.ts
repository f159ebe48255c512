import { errorText } from './errors';

/** A page that shows what the server holds and the reason for its last refusal. */
export interface ServerPage {
  error: string | null;
  load(): Promise<void>;
}

/**
 * Sends a change the server judges, then shows what the server holds now:
 * the change once its event came, or the old value with the server's reason.
 * False when the server refused it.
 */
export async function changeOnServer(
  page: ServerPage,
  call: () => Promise<unknown>,
): Promise<boolean> {
  let done = false;
  try {
    await call();
    page.error = null;
    done = true;
  } catch (error) {
    page.error = errorText(error);
  }
  await page.load();
  return done;
}
