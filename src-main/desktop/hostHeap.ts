// Under steady load V8 grows a thread's young generation for throughput,
// doubling it up to 128 MB, and the resident memory it takes stays taken:
// in the 50-client soak the host's new space went 34 → 67 → 134 MB within
// three minutes while its live objects stayed near 45 MB, and its resident
// memory rose from 204 to 270 MB. A host on a laptop keeps the size V8
// starts a heap at instead: in the same soak it then held 205 MB, and spent
// no more CPU (50.3 s against 52.1 s over the same eight and a half minutes).
/** The host's young generation, in MB, as a worker's `resourceLimits.maxYoungGenerationSizeMb`. */
export const HOST_YOUNG_GENERATION_MB = 32;

/**
 * The same limit for a host in a Node process of its own (`npm run serve`
 * carries it in package.json; the benches pass it): V8's flag names one of
 * the young generation's two semi-spaces.
 */
export const HOST_NODE_FLAGS: readonly string[] = [
  `--max-semi-space-size=${HOST_YOUNG_GENERATION_MB / 2}`,
];
