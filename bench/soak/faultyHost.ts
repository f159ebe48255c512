import { mkdir, mkdtemp, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { fillDisk, mountSmallDisk, unmountDisk } from '../../test/helpers/diskFaults';
import { HOST_NODE_FLAGS } from '../../src-main/desktop/hostHeap';
import { startChildServer, type ChildServer } from '../server/childServer';

// The disk the soak's host keeps its data on: room for a 10-minute soak of
// 50 clients many times over, and little enough to fill in a second or two.
const DISK_MEGABYTES = 1_024;

/**
 * The soak's host and the faults a laptop brings it: its data folder on a
 * disk of its own that can be filled, its process stopped as a sleep stops
 * it, and killed and started again on the same port, where its clients
 * look for it.
 */
export class FaultyHost {
  private constructor(
    private server: ChildServer,
    private readonly script: string,
    private readonly mount: string,
    readonly dataDir: string,
    private readonly port: number,
    readonly queueIdleMs: number,
  ) {}

  /** Mounts the host's disk and starts it there; a computer without root cannot, and the soak stops saying so. */
  static async start(script: string, queueIdleMs: number): Promise<FaultyHost> {
    const mount = await mkdtemp(join(tmpdir(), 'hearth-soak-'));
    mountSmallDisk(mount, DISK_MEGABYTES);
    const dataDir = join(mount, 'data');
    await mkdir(dataDir);
    const server = await startChildServer(
      script,
      hostArgs(dataDir, 0, queueIdleMs),
      HOST_NODE_FLAGS,
      true,
    );
    const port = Number(new URL(server.url).port);
    return new FaultyHost(server, script, mount, dataDir, port, queueIdleMs);
  }

  get url(): string {
    return this.server.url;
  }

  /** Resident memory, or null while the host is killed and not yet started again. */
  rss(): number | null {
    try {
      return this.server.rss();
    } catch {
      return null;
    }
  }

  recentErrors(): string[] {
    return this.server.recentErrors();
  }

  /** Fills the host's disk to its last byte. */
  fillDisk(): void {
    fillDisk(this.#filler);
  }

  async freeDisk(): Promise<void> {
    await unlink(this.#filler);
  }

  sleep(): void {
    process.kill(this.server.pid, 'SIGSTOP');
  }

  wake(): void {
    process.kill(this.server.pid, 'SIGCONT');
  }

  /** SIGKILL, then a new host on the same data and port; how long until it served again, in ms. */
  async killAndStartAgain(): Promise<number> {
    const killedAt = performance.now();
    process.kill(this.server.pid, 'SIGKILL');
    await this.server.stop();
    this.server = await startChildServer(
      this.script,
      hostArgs(this.dataDir, this.port, this.queueIdleMs),
      HOST_NODE_FLAGS,
      true,
    );
    return performance.now() - killedAt;
  }

  /** Stops the host, then asks SQLite whether what it left is whole. */
  async stopAndCheck(): Promise<string> {
    await this.server.stop();
    const db = new Database(join(this.dataDir, 'hearth.sqlite3'), { readonly: true });
    try {
      return (db.pragma('integrity_check', { simple: true }) as string) ?? 'no answer';
    } finally {
      db.close();
    }
  }

  async remove(): Promise<void> {
    await this.server.stop();
    unmountDisk(this.mount);
    await rm(this.mount, { recursive: true, force: true });
  }

  get #filler(): string {
    return join(this.mount, 'filler');
  }
}

const hostArgs = (dataDir: string, port: number, queueIdleMs: number): string[] => [
  '--data-dir',
  dataDir,
  '--port',
  String(port),
  '--queue-idle-ms',
  String(queueIdleMs),
];
