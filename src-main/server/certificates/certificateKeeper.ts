import type { Clock } from '../clock';
import { AcmeError } from './acmeIssuer';
import {
  CertificatePairError,
  checkCertificatePair,
  type CertificateFacts,
} from './certificatePair';

/** A certificate with its chain, and its key, in PEM. */
export interface CertificatePem {
  certPem: string;
  keyPem: string;
}

/** Whose words a failure is in: the authority's, the DNS server's, or the host's own (its disk). */
export type FailureSource = 'authority' | 'dns' | 'host';

/** What the Hosting page shows of the public certificate. */
export interface KeeperStatus {
  /** The certificate the network is served with, once there is one. */
  served: CertificateFacts | null;
  /** Asking the authority right now. */
  obtaining: boolean;
  /** The last attempt's failure, in the authority's or the DNS server's words; null once one succeeds. */
  failure: { source: FailureSource; message: string; atMs: number } | null;
  /** When the keeper asks next: the renewal, or the retry after a failure. */
  nextAttemptMs: number | null;
}

export interface KeeperParts {
  clock: Clock;
  /** Asks the authority for a new certificate. */
  obtain(): Promise<CertificatePem>;
  /** Keeps the new certificate and serves it from now on, without a restart. */
  install(pem: CertificatePem, facts: CertificateFacts): Promise<void>;
  log(line: string): void;
  /** Authorities trusted besides the public ones (a test authority). */
  authorities?: readonly string[] | undefined;
}

// A timer set for weeks ahead can fire late after the computer slept, and
// Node's timers cannot wait longer than 24 days: look again every hour.
const RECHECK_MS = 60 * 60 * 1000;
const FIRST_RETRY_MS = 60 * 1000;
const LONGEST_RETRY_MS = 6 * 60 * 60 * 1000;

/** Let's Encrypt's advice: renew at two thirds of a certificate's lifetime. */
export function renewalDueMs(facts: CertificateFacts): number {
  const from = facts.notBefore.getTime();
  return from + Math.round(((facts.notAfter.getTime() - from) * 2) / 3);
}

/**
 * Keeps the host's public certificate: obtains one when there is none,
 * renews it at two thirds of its lifetime, and after a failure tries again
 * with a growing wait. The certificate served is replaced only by a new one
 * that passed every check, so a failure never leaves the host without the
 * certificate it had.
 */
export class CertificateKeeper {
  private served: CertificateFacts | null = null;
  private failure: KeeperStatus['failure'] = null;
  private failures = 0;
  private nextAttemptMs: number | null = null;
  private attempt: Promise<void> | null = null;
  private cancel: (() => void) | null = null;
  private running = false;

  constructor(private readonly parts: KeeperParts) {}

  /** Starts keeping `current`, the certificate kept from an earlier run (null: none yet). */
  start(current: CertificateFacts | null): void {
    this.served = current;
    this.running = true;
    this.nextAttemptMs = current ? renewalDueMs(current) : this.parts.clock.now();
    this.arm();
  }

  status(): KeeperStatus {
    return {
      served: this.served,
      obtaining: this.attempt !== null,
      failure: this.failure,
      nextAttemptMs: this.nextAttemptMs,
    };
  }

  /** Asks the authority now, whatever the schedule says (the Hosting page's "Try again"). */
  renewNow(): Promise<void> {
    return (this.attempt ??= this.obtain().finally(() => {
      this.attempt = null;
      this.arm();
    }));
  }

  /** Resolves once an attempt under way has ended. */
  async settled(): Promise<void> {
    await this.attempt;
  }

  stop(): void {
    this.running = false;
    this.cancel?.();
    this.cancel = null;
  }

  private arm(): void {
    this.cancel?.();
    this.cancel = null;
    if (!this.running || this.nextAttemptMs === null || this.attempt) return;
    const due = this.nextAttemptMs;
    const now = this.parts.clock.now();
    this.cancel = this.parts.clock.at(Math.min(due, now + RECHECK_MS), () => {
      if (this.parts.clock.now() >= due) void this.renewNow();
      else this.arm();
    });
  }

  private async obtain(): Promise<void> {
    const { clock, log } = this.parts;
    try {
      const pem = await this.parts.obtain();
      const facts = checkCertificatePair(pem.certPem, pem.keyPem, {
        now: new Date(clock.now()),
        ...(this.parts.authorities ? { authorities: this.parts.authorities } : {}),
      });
      await this.parts.install(pem, facts);
      this.served = facts;
      this.failure = null;
      this.failures = 0;
      this.nextAttemptMs = renewalDueMs(facts);
      log(
        `certificate for ${facts.names.join(', ')} from ${facts.issuer}, valid until ${facts.notAfter.toISOString()}`,
      );
    } catch (error) {
      this.failures++;
      const message = error instanceof Error ? error.message : String(error);
      const source: FailureSource =
        error instanceof AcmeError
          ? error.source
          : error instanceof CertificatePairError
            ? 'authority'
            : 'host';
      this.failure = { source, message, atMs: clock.now() };
      const wait = Math.min(FIRST_RETRY_MS * 2 ** (this.failures - 1), LONGEST_RETRY_MS);
      this.nextAttemptMs = clock.now() + wait;
      log(`no certificate (${source}): ${message}; trying again in ${Math.round(wait / 1000)} s`);
    }
  }
}
