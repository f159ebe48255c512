import type {
  CallArgs,
  ChatBridge,
  FormField,
  FormResult,
  ReachProblem,
  ServerInfo,
} from '../../../src-preload/bridge';
import { isCertificateProblem } from './certificateText';
import { errorText } from './errors';

/** Why a form was refused, to show beside the field it names. */
export interface Problem {
  field: FormField;
  message: string;
}

export type JoinArgs = CallArgs<'joinOrganization'>;
export type FoundOrganization = Awaited<ReturnType<ChatBridge['findOrganizations']>>[number];
export type HostArgs = CallArgs<'hostOrganization'>;
type Refusal = Extract<FormResult, { ok: false }>;

/** What the join form starts from when an account must sign in again. */
export interface JoinPrefill {
  serverUrl: string;
  email: string;
}

// The two ways into an organization: join one on a server (probed first, to
// show whose it is), or host a new one on this computer.
export class OnboardingStore {
  /** The probed server the join form signs in to. */
  server = $state<ServerInfo | null>(null);
  joinProblem = $state<Problem | null>(null);
  hostProblem = $state<Problem | null>(null);
  busy = $state(false);
  prefill = $state<JoinPrefill | null>(null);
  /** Hearth hosts found on the local network; null while looking. */
  nearby = $state<FoundOrganization[] | null>([]);
  /** What the person can act on about the server that failed: its certificate, or the proxy. */
  reach = $state.raw<ReachProblem | null>(null);
  /** The certificate dialog is open on `reach`. */
  reviewing = $state(false);
  /** Settings › Network shows instead of the forms. */
  networkShown = $state(false);

  constructor(
    private readonly bridge: ChatBridge,
    private readonly joined: (accountId: string) => Promise<void>,
  ) {}

  async probe(serverUrl: string): Promise<void> {
    this.busy = true;
    this.server = null;
    this.#showReach(null);
    try {
      const answer = await this.bridge.probeServer({ serverUrl });
      if (answer.ok) {
        this.server = answer.server;
        this.joinProblem = null;
      } else {
        this.joinProblem = { field: answer.field, message: answer.message };
        this.#showReach(answer.problem ?? null);
      }
    } catch (error) {
      this.joinProblem = { field: 'serverUrl', message: errorText(error) };
    } finally {
      this.busy = false;
    }
  }

  /** Another server URL was typed: what was probed no longer applies. */
  async findNearby(): Promise<void> {
    this.nearby = null;
    try {
      this.nearby = await this.bridge.findOrganizations({});
    } catch {
      this.nearby = [];
    }
  }

  forgetServer(): void {
    this.server = null;
    this.#showReach(null);
  }

  async join(args: JoinArgs): Promise<void> {
    const refusal = await this.submit(() => this.bridge.joinOrganization(args));
    this.joinProblem = refusal && { field: refusal.field, message: refusal.message };
    this.#showReach(refusal?.problem ?? null);
  }

  async host(args: HostArgs): Promise<void> {
    const refusal = await this.submit(() => this.bridge.hostOrganization(args));
    this.hostProblem = refusal && { field: refusal.field, message: refusal.message };
  }

  /** Keeps what the person can act on; a certificate opens its dialog at once. */
  #showReach(problem: ReachProblem | null): void {
    this.reach = problem;
    this.reviewing = isCertificateProblem(problem);
  }

  reset(): void {
    this.server = null;
    this.joinProblem = null;
    this.hostProblem = null;
    this.prefill = null;
    this.networkShown = false;
    this.#showReach(null);
  }

  private async submit(call: () => Promise<FormResult>): Promise<Refusal | null> {
    this.busy = true;
    try {
      const result = await call();
      if (!result.ok) return result;
      await this.joined(result.accountId);
      return null;
    } catch (error) {
      return { ok: false, field: 'form', message: errorText(error) };
    } finally {
      this.busy = false;
    }
  }
}
