/** Waits until `check` holds, looking every 100 ms; fails naming `what` after 30 s. */
export async function until(what: string, check: () => boolean): Promise<void> {
  for (let tries = 0; tries < 300; tries++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not happen in 30 s`);
}
