import type { Confirm, ConfirmRequest } from '../../src-main/client/ports/confirmPort';

/**
 * The person before the desktop's native dialog, as a test plays them: every
 * question asked is kept, in order, and answered with `accept` (true unless
 * the test changes it).
 */
export interface Confirmations {
  confirm: Confirm;
  asked: ConfirmRequest[];
  accept: boolean;
}

export function confirmations(accept = true): Confirmations {
  const log: Confirmations = {
    asked: [],
    accept,
    confirm: async (request) => {
      log.asked.push(request);
      return log.accept;
    },
  };
  return log;
}
