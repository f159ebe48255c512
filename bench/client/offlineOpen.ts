import { requireAll, ShortWorkload } from '../server/workload';
import { median } from '../server/percentiles';
import { runChild } from './children';

export interface OfflineOpen {
  hearthMs: number;
  bareMs: number;
}

export const offlineOpenFigure =
  'open the last narrow offline, process start to snapshot (200,000 cached)';

// openChild's bare open reads the narrow's newest 50, the window's first page.
const BARE_PAGE = 50;

/**
 * From process start to the window's first view of an account whose server
 * is unreachable, against a bare open of the same file and the same page:
 * fresh processes, alternated, medians. Each run must have shown messages.
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
    const floor = await runChild<{ ms: number; messages: number }>(script, [
      'bare',
      file,
      String(streamId),
    ]);
    requireAll(offlineOpenFigure, 'messages in the bare open', floor.messages, BARE_PAGE);
    bare.push(floor.ms);
    const opened = await runChild<{ ms: number; messages: number }>(script, [
      'hearth',
      file,
      String(streamId),
    ]);
    if (opened.messages === 0) {
      throw new ShortWorkload(offlineOpenFigure, 'the window was shown no cached message');
    }
    hearth.push(opened.ms);
  }
  return { hearthMs: median(hearth), bareMs: median(bare) };
}
