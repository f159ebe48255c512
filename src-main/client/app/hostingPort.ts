/** This computer's organization, as its host reports it once it serves. */
export interface HostedOrganization {
  url: string;
  realmName: string;
  owner: { userId: number; email: string; fullName: string; apiKey: string };
}

/** What the onboarding form's "Host a new organization" asks for. */
export interface NewOrganization {
  realmName: string;
  ownerFullName: string;
  ownerEmail: string;
  ownerPassword: string;
}

/** How this computer's host stands, for the Hosting page. */
export interface HostingReport {
  status: 'stopped' | 'starting' | 'running' | 'restarting' | 'stopping';
  /** When the host last began serving, in ms since 1970; null while it does not serve. */
  runningSince: number | null;
  /** Where this computer reaches it; null while it does not serve. */
  url: string | null;
  /** The organization's database with its write-ahead log; null before there is one. */
  databaseBytes: number | null;
  /** The host's recent log lines, oldest first. */
  logs: { time: number; source: string; text: string }[];
}

/**
 * Hosting the organization of this computer. The Electron app and the browser
 * harness both run the service on a worker thread (desktop/hosting.ts); the
 * client only needs to start and stop it.
 */
export interface HostingPort {
  /** Starts the host, creating the organization from `organization` when none exists yet. */
  start(organization?: NewOrganization): Promise<HostedOrganization>;
  stop(): Promise<void>;
  report(): Promise<HostingReport>;
  /** Calls `listener` when the status changes or the host logs a line; returns how to stop. */
  onChange(listener: () => void): () => void;
}

/** For an app that hosts nothing itself; `why` is the answer to a start. */
export function noHosting(why: string): HostingPort {
  return {
    start: () => Promise.reject(new Error(why)),
    stop: async () => undefined,
    report: async () => ({
      status: 'stopped',
      runningSince: null,
      url: null,
      databaseBytes: null,
      logs: [],
    }),
    onChange: () => () => undefined,
  };
}
