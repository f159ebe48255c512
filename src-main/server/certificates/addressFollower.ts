import type { Clock } from '../clock';
import type { NameRecords } from './nameRecords';

export interface FollowerParts {
  clock: Clock;
  records: NameRecords;
  /** The public name whose A and AAAA records follow the host. */
  name: string;
  /** The addresses colleagues reach the host at now (they change with DHCP, or another network). */
  addresses: () => string[];
  log(line: string): void;
  /** How often the addresses are looked at. */
  intervalMs?: number;
}

/** What the Hosting page shows of the name's records. */
export interface FollowerStatus {
  /** The addresses the DNS server last took for the name; null before the first update. */
  published: string[] | null;
  /** Why the last update failed, in the DNS server's words; null once one succeeds. */
  failure: string | null;
}

// No event tells Node that an address changed: look twice a minute.
const INTERVAL_MS = 30_000;

const sameAddresses = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((address, index) => address === b[index]);

/**
 * Keeps the public name pointing at the host: the name's A and AAAA records
 * are set to the host's addresses at start and whenever they change. A
 * failed update is tried again at the next look.
 */
export class AddressFollower {
  private published: string[] | null = null;
  private failure: string | null = null;
  private cancel: (() => void) | null = null;
  private running = false;
  private update: Promise<void> | null = null;

  constructor(private readonly parts: FollowerParts) {}

  start(): void {
    this.running = true;
    this.look();
  }

  status(): FollowerStatus {
    return { published: this.published, failure: this.failure };
  }

  /** Resolves once an update under way has ended. */
  async settled(): Promise<void> {
    await this.update;
  }

  stop(): void {
    this.running = false;
    this.cancel?.();
    this.cancel = null;
  }

  private look(): void {
    if (!this.running) return;
    const { clock, records, name, log } = this.parts;
    const addresses = [...new Set(this.parts.addresses())].sort();
    if (
      !this.update &&
      addresses.length > 0 &&
      !(this.published && sameAddresses(addresses, this.published))
    ) {
      this.update = records
        .setAddresses(name, addresses)
        .then(
          () => {
            this.published = addresses;
            this.failure = null;
            log(`${name} now points at ${addresses.join(', ')}`);
          },
          (error: unknown) => {
            this.failure = error instanceof Error ? error.message : String(error);
            log(`${name} could not be pointed at ${addresses.join(', ')}: ${this.failure}`);
          },
        )
        .finally(() => {
          this.update = null;
        });
    }
    this.cancel = clock.at(clock.now() + (this.parts.intervalMs ?? INTERVAL_MS), () => this.look());
  }
}
