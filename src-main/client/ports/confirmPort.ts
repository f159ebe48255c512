/** What main asks the person before a powerful call from the window goes ahead. */
export interface ConfirmRequest {
  /** The button that goes ahead, named for what it does. */
  action: string;
  /** The question, naming exactly what will happen. */
  message: string;
  /** What follows from it. */
  detail: string;
}

/**
 * Asks the person outside the window: a native dialog in Electron, the
 * terminal in the browser harness. A compromised window can call the bridge,
 * but cannot answer this; true only when the person chose `action`.
 */
export type Confirm = (request: ConfirmRequest) => Promise<boolean>;

/** A call the person declined: nothing was done. */
export const declined = { ok: false, reason: 'declined' } as const;
export type Declined = typeof declined;
