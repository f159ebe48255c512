/**
 * `run`, to be called as often as changes come but never twice at once: a
 * call while it runs asks for one more run after it, however many calls came.
 */
export function coalesced(run: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const start = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void run().finally(() => {
      running = false;
      if (again) {
        again = false;
        start();
      }
    });
  };
  return start;
}
