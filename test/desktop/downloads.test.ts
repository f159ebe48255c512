import type { EventEmitter } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// Electron cannot run here: this fake stands in for a session's download
// pipeline, to check what the adapter asks of it. Each download the adapter
// starts arrives as will-download with an item, as Chromium's does; the test
// finishes it.
const electron = await vi.hoisted(async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  class Item extends Emitter {
    savePath = '';
    constructor(readonly urlChain: string[]) {
      super();
    }
    getURLChain = () => this.urlChain;
    getURL = () => this.urlChain.at(-1) ?? '';
    setSavePath = (path: string) => {
      this.savePath = path;
    };
    getSavePath = () => this.savePath;
  }
  const session = new Emitter();
  const started: { url: string; options: unknown; item: Item; cancelled: boolean }[] = [];
  const partitions: string[] = [];
  /** Starts a download as Chromium would, from the URL or a spelling of it. */
  const arrive = (url: string, options?: unknown) => {
    const item = new Item([url]);
    const entry = { url, options, item, cancelled: false };
    started.push(entry);
    session.emit('will-download', { preventDefault: () => (entry.cancelled = true) }, item);
  };
  Object.assign(session, {
    downloadURL: (url: string, options?: unknown) => arrive(url, options),
  });
  return {
    started,
    partitions,
    arrive,
    pipeline: session,
    session: {
      fromPartition: (name: string) => {
        partitions.push(name);
        return session;
      },
    },
  };
});
vi.mock('electron', () => ({ session: electron.session }));

const { electronDownloads } = await import('../../src-main/desktop/downloads');

const done = (item: EventEmitter, state: 'completed' | 'cancelled' | 'interrupted') =>
  item.emit('done', {}, state);

describe('downloads through Electron’s pipeline', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hearth-downloads-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  // The app makes one adapter; each test here makes its own.
  beforeEach(() => electron.pipeline.removeAllListeners('will-download'));

  it('starts the download in a session of its own, saves it at the path given, and resolves with it', async () => {
    const save = electronDownloads();
    const path = join(dir, 'minutes.txt');
    const saving = save({
      url: 'http://127.0.0.1:9991/user_uploads/temporary/t1/minutes.txt',
      path,
    });

    const [download] = electron.started;
    expect(electron.partitions).toEqual(['hearth-downloads']);
    expect(download?.options).toBeUndefined();
    expect(download?.item.savePath).toBe(path);
    await writeFile(path, 'Agreed');
    if (download) done(download.item, 'completed');
    await expect(saving).resolves.toBe(path);
    expect(await readFile(path, 'utf8')).toBe('Agreed');
  });

  it('says why a download did not complete', async () => {
    const save = electronDownloads();
    const url = 'https://chat.example.org/user_uploads/temporary/t2/a.pdf';
    const cancelled = save({ url, path: join(dir, 'a.pdf') });
    const interrupted = save({ url, path: join(dir, 'a (2).pdf') });

    const [first, second] = electron.started.slice(-2);
    expect([first?.item.savePath, second?.item.savePath]).toEqual([
      join(dir, 'a.pdf'),
      join(dir, 'a (2).pdf'),
    ]);
    if (first) done(first.item, 'cancelled');
    if (second) done(second.item, 'interrupted');
    await expect(cancelled).rejects.toThrow('The download was cancelled.');
    await expect(interrupted).rejects.toThrow(
      'The download was interrupted: the connection failed, or the server refused the file.',
    );
  });

  it('cancels a download the app did not ask for', () => {
    electronDownloads();
    electron.arrive('https://elsewhere.example/payload.exe');
    expect(electron.started.at(-1)).toMatchObject({ cancelled: true });
    expect(electron.started.at(-1)?.item.savePath).toBe('');
  });

  it('gives up on a download Chromium never starts', async () => {
    const save = electronDownloads(20);
    const session = electron.session.fromPartition('hearth-downloads') as EventEmitter & {
      downloadURL: (url: string) => void;
    };
    const { downloadURL } = session;
    session.downloadURL = () => undefined;
    try {
      await expect(
        save({ url: 'https://chat.example.org/user_uploads/temporary/t3/b.txt', path: 'b.txt' }),
      ).rejects.toThrow('The download did not start');
    } finally {
      session.downloadURL = downloadURL;
    }
    // Arriving late, it is no longer taken for the one given up on.
    electron.arrive('https://chat.example.org/user_uploads/temporary/t3/b.txt');
    expect(electron.started.at(-1)).toMatchObject({ cancelled: true });
  });
});
