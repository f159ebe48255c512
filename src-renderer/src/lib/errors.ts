import { t } from './i18n.svelte';

// Main refuses a call whose arguments fail the contract's schemas with zod's
// report (src-main/client/bridge/callArgs.ts): words for a developer, not
// for the person at the form, so the window keeps them for the log.
const refusedArguments = /\binvalid arguments:/;

/** What to tell the user about a failed bridge call. */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (!refusedArguments.test(message)) return message;
  console.warn(message);
  return t('common.error.refusedForm');
}
