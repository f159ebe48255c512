import type { ChatBridge, ConnectionProblem } from '../../../src-preload/bridge';
import { errorText } from './errors';

type CertificateChanged = Extract<ConnectionProblem, { kind: 'certificate-changed' }>;

// An account whose server presents another certificate than the one pinned
// for it: main refuses the server until the person, shown both fingerprints,
// trusts the new one. Cancelling leaves it refusing.
export class CertificateReviewStore {
  reviewing = $state.raw<{ accountId: string; problem: CertificateChanged } | null>(null);
  error = $state<string | null>(null);
  busy = $state(false);

  constructor(private readonly bridge: ChatBridge) {}

  open(accountId: string, problem: CertificateChanged): void {
    this.reviewing = { accountId, problem };
    this.error = null;
  }

  close(): void {
    this.reviewing = null;
    this.error = null;
  }

  async trust(): Promise<void> {
    const shown = this.reviewing;
    if (!shown) return;
    this.busy = true;
    try {
      await this.bridge.trustServerCertificate({
        accountId: shown.accountId,
        fingerprint: shown.problem.certificate.fingerprint,
      });
      if (this.reviewing === shown) this.close();
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }
}
