import { setFlagsFromString } from 'node:v8';

// Under steady load V8 grows a thread's young generation for throughput,
// doubling it up to 128 MB, and the resident memory it takes stays taken:
// in the 50-client soak the host's new space went 34 → 67 → 134 MB within
// three minutes while its live objects stayed near 45 MB, and its resident
// memory rose from 204 to 270 MB. Half that ceiling keeps the soak at 200 MB
// after its full run. A quarter of it (the size V8 starts a heap at) holds
// 16 MB less, but scavenges so often that in bench:events the longest stall
// while 4,000 users sign in was 13.4 ms against 8.7 (medians of five runs).
/** The host's young generation, in MB, as a worker's `resourceLimits.maxYoungGenerationSizeMb`. */
export const HOST_YOUNG_GENERATION_MB = 64;

// V8 allocates in the old generation straight away from any allocation site
// whose objects mostly outlived a scavenge. Under load, one such decision
// taken at an unlucky moment (clients' first requests filling caches) spread
// to the rest of the request path: each request's garbage then lived until
// a full collection, one every half second. One host in eight here fell
// into it for good, at about 30 µs of CPU a GET /users/me instead of 19
// and 260 MB resident instead of 170; with the heuristic off, none of 34.
const NO_PRETENURING = '--no-allocation-site-pretenuring';

/**
 * The same limits for a host in a Node process of its own (`npm run serve`
 * carries them in package.json; the benches pass them): V8's flag names one
 * of the young generation's two semi-spaces.
 */
export const HOST_NODE_FLAGS: readonly string[] = [
  `--max-semi-space-size=${HOST_YOUNG_GENERATION_MB / 2}`,
  NO_PRETENURING,
];

/**
 * For a host on a worker thread: V8's flags are the whole process's, so the
 * heuristic is turned off in it before the worker starts.
 */
export function withoutPretenuring(): void {
  setFlagsFromString(NO_PRETENURING);
}
