import type {
  CallArgs,
  ChatBridge,
  FormField,
  FormResult,
  ServerInfo,
} from '../../../src-preload/bridge';
import { errorText } from './errors';

/** Why a form was refused, to show beside the field it names. */
export interface Problem {
  field: FormField;
  message: string;
}

export type JoinArgs = CallArgs<'joinOrganization'>;
export type FoundOrganization = Awaited<ReturnType<ChatBridge['findOrganizations']>>[number];
export type HostArgs = CallArgs<'hostOrganization'>;

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

  constructor(
    private readonly bridge: ChatBridge,
    private readonly joined: (accountId: string) => Promise<void>,
  ) {}

  async probe(serverUrl: string): Promise<void> {
    this.busy = true;
    this.server = null;
    try {
      const answer = await this.bridge.probeServer({ serverUrl });
      if (answer.ok) {
        this.server = answer.server;
        this.joinProblem = null;
      } else {
        this.joinProblem = { field: answer.field, message: answer.message };
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
  }

  async join(args: JoinArgs): Promise<void> {
    this.joinProblem = await this.submit(() => this.bridge.joinOrganization(args));
  }

  async host(args: HostArgs): Promise<void> {
    this.hostProblem = await this.submit(() => this.bridge.hostOrganization(args));
  }

  reset(): void {
    this.server = null;
    this.joinProblem = null;
    this.hostProblem = null;
    this.prefill = null;
  }

  private async submit(call: () => Promise<FormResult>): Promise<Problem | null> {
    this.busy = true;
    try {
      const result = await call();
      if (!result.ok) return { field: result.field, message: result.message };
      await this.joined(result.accountId);
      return null;
    } catch (error) {
      return { field: 'form', message: errorText(error) };
    } finally {
      this.busy = false;
    }
  }
}
