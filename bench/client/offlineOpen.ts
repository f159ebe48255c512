import { runChild, median } from './children';

export interface OfflineOpen {
  hearthMs: number;
  bareMs: number;
}

/**
 * From process start to the window's first view of an account whose server
 * is unreachable, against a bare open of the same file and the same page:
 * fresh processes, alternated, medians.
 */
export async function measureOfflineOpen(
  script: string,
  file: string,
  streamId: number,
  runs: number,
): Promise<OfflineOpen> {
  const hearth: number[] = [];
  const bare: number[] = [];
  for (let run = 0; run < runs; run++) {
    bare.push((await runChild<{ ms: number }>(script, ['bare', file, String(streamId)])).ms);
    hearth.push((await runChild<{ ms: number }>(script, ['hearth', file, String(streamId)])).ms);
  }
  return { hearthMs: median(hearth), bareMs: median(bare) };
}
