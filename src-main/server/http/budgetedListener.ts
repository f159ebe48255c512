import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TurnBudget } from '../turnBudget';

export type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/** How long an idle connection stays open: fastify's own default, kept on every listener. */
export const KEEP_ALIVE_MS = 72_000;
/** A request not fully received by then is answered 408 and its connection closed. */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * `listener` behind the turn budget, from the moment Node has parsed a
 * request: a thousand polls arriving at once were each routed, checked and
 * given their parameters in the turn that read them, which held the loop
 * twice as long as a bare server's parsing alone; the budget then bounded
 * only their endpoints. Now routing waits its turn as the endpoint did.
 */
export function budgetedListener(budget: TurnBudget, listener: RequestListener): RequestListener {
  return (request, response) => budget.run(() => listener(request, response));
}
