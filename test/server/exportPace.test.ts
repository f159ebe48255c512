import { describe, expect, it } from 'vitest';
import { ExportPace } from '../../src-main/server/export/exportPace';

// What lets an export requested through the API run beside the host's
// requests: the event loop's other work runs between its pieces.
describe('the pace of an export', () => {
  const order = async (pace: ExportPace) => {
    const seen: string[] = [];
    setImmediate(() => seen.push('other work'));
    await pace.step();
    seen.push('export');
    await new Promise<void>((resolve) => setImmediate(resolve));
    return seen;
  };

  it('gives the event loop back once a piece has used its budget', async () => {
    expect(await order(new ExportPace(0))).toEqual(['other work', 'export']);
  });

  it('goes on at once while the piece is within its budget', async () => {
    expect(await order(new ExportPace(60_000))).toEqual(['export', 'other work']);
  });
});
