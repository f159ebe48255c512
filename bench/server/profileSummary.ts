import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from './bundle';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A stretch of the run, in microseconds of the monotonic clock the profiler also uses. */
export interface Phase {
  name: string;
  start: number;
  end: number;
}

export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

const TOP = 12;

async function sourceMapOf(url: string): Promise<SourceMap | undefined> {
  if (!url.startsWith('file://')) return undefined;
  const mapPath = `${fileURLToPath(url)}.map`;
  if (!existsSync(mapPath)) return undefined;
  return new SourceMap(JSON.parse(await readFile(mapPath, 'utf8')));
}

// Bundled frames are named by their TypeScript source, packages by package path.
async function frameNamer(profile: CpuProfile): Promise<(frame: CallFrame) => string> {
  const maps = new Map<string, SourceMap | undefined>();
  for (const { callFrame } of profile.nodes) {
    if (!maps.has(callFrame.url)) maps.set(callFrame.url, await sourceMapOf(callFrame.url));
  }
  return (frame) => {
    const name = (frame.functionName || '(anonymous)').slice(0, 60);
    if (!frame.url) return name;
    const entry = maps.get(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber);
    if (entry && 'originalSource' in entry) {
      const source = relative(repoRoot, fileURLToPath(new URL(entry.originalSource, frame.url)));
      return `${name} ${source}:${entry.originalLine + 1}`;
    }
    const where = frame.url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '');
    return `${name} ${where}:${frame.lineNumber + 1}`;
  };
}

function selfTimes(
  profile: CpuProfile,
  name: (frame: CallFrame) => string,
  window: { start: number; end: number },
): { total: number; byFunction: Map<string, number> } {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byFunction = new Map<string, number>();
  let total = 0;
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    const frame = frames.get(id);
    if (!frame || frame.functionName === '(idle)' || time < window.start || time > window.end) {
      return;
    }
    total += delta;
    const key = name(frame);
    byFunction.set(key, (byFunction.get(key) ?? 0) + delta);
  });
  return { total, byFunction };
}

/** The host's busiest functions (self time) in each phase; the profile is kept for viewing. */
export async function summarizeProfile(
  directory: string,
  phases: readonly Phase[],
): Promise<string> {
  const [file] = (await readdir(directory)).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) return 'no CPU profile was written';
  const kept = join(tmpdir(), 'hearth-bench', 'profiles');
  await mkdir(kept, { recursive: true });
  const keptPath = join(kept, basename(file));
  await copyFile(join(directory, file), keptPath);
  const profile = JSON.parse(await readFile(keptPath, 'utf8')) as CpuProfile;
  const name = await frameNamer(profile);
  const lines = [`host CPU profile kept at ${keptPath}`];
  // A phase run once a round is summed over its rounds.
  const names = [...new Set(phases.map((phase) => phase.name))];
  for (const phaseName of names) {
    const windows = phases.filter((phase) => phase.name === phaseName);
    const byFunction = new Map<string, number>();
    let total = 0;
    for (const window of windows) {
      const times = selfTimes(profile, name, window);
      total += times.total;
      for (const [key, micros] of times.byFunction) {
        byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
      }
    }
    const seconds = windows.reduce((sum, { start, end }) => sum + (end - start), 0) / 1e6;
    lines.push(
      `${phaseName}: host busy ${(total / 1e6).toFixed(1)} s of ${seconds.toFixed(1)} s; self time:`,
    );
    for (const [key, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
      lines.push(`  ${((100 * micros) / Math.max(1, total)).toFixed(1).padStart(5)}%  ${key}`);
    }
  }
  return lines.join('\n');
}
