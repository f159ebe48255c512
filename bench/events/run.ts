// `npm run bench:events [-- --queues <n>] [--pollers <n>] [--rounds <n>] [--profile]`
//
// Holds many event queues on one host and measures their memory, then the
// delivery of one stream message to every polling client beside a bare
// node:http long-poll server measured in the same run, and the host's
// event-loop stalls throughout. A target not met makes the exit code 1 once
// every figure is printed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { summarizeProfile } from '../server/profileSummary';
import { loadAverage, log, machineLine, printFigures } from '../server/report';
import { endBench, rateLimitsOff } from '../server/workload';
import { figureRows } from './figures';
import { fullSize, measureEvents } from './measure';

const { values } = parseArgs({
  options: {
    queues: { type: 'string', default: String(fullSize.queues) },
    pollers: { type: 'string', default: String(fullSize.pollers) },
    rounds: { type: 'string', default: String(fullSize.rounds) },
    warmup: { type: 'string', default: String(fullSize.warmup) },
    profile: { type: 'boolean', default: false },
  },
});
const size = {
  queues: Number(values.queues),
  pollers: Number(values.pollers),
  rounds: Number(values.rounds),
  warmup: Number(values.warmup),
};

async function main(): Promise<void> {
  log(machineLine());
  log(rateLimitsOff("the event queues' figures"));
  log(
    `${size.queues} queues (event_types ["message"]), 1 to 6 per user, ${size.pollers} users polling; ` +
      `${size.warmup} warm-up and ${size.rounds} measured rounds`,
  );
  const profileDir = values.profile
    ? await mkdtemp(join(tmpdir(), 'hearth-bench-events-profile-'))
    : undefined;
  try {
    const { figures, phases } = await measureEvents(size, {
      log,
      ...(profileDir ? { profileDir } : {}),
    });
    printFigures(figureRows(figures));
    if (profileDir) console.log(await summarizeProfile(profileDir, phases));
    log(`load average at the end ${loadAverage()} (other work on the machine skews every figure)`);
  } finally {
    if (profileDir) await rm(profileDir, { recursive: true, force: true });
  }
}

main().catch(endBench);
