/**
 * A `close` handler for a <dialog> that reopens when its state says so.
 * Chromium fires `close` at the next frame, and by then the dialog may be
 * open again for something new, which the late event must not close.
 */
export function dialogClosed(then: () => void): (event: Event) => void {
  return (event) => {
    if (event.currentTarget instanceof HTMLDialogElement && event.currentTarget.open) return;
    then();
  };
}
