// Queues per user, as clients hold them: Zulip's web app registers one per
// open tab and the desktop, terminal and mobile clients one each while
// running, so most people have one or two and a few have many.
const pattern = [1, 1, 1, 2, 2, 2, 3, 3, 4, 6];

/** How many queues each user registers, in user order, adding up to `queues`. */
export function queueMix(queues: number): number[] {
  const counts: number[] = [];
  let left = queues;
  while (left > 0) {
    const count = Math.min(left, pattern[counts.length % pattern.length] ?? 1);
    counts.push(count);
    left -= count;
  }
  return counts;
}
