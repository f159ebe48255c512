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

/**
 * Hosting the organization of this computer. The Electron app and the browser
 * harness both run the service on a worker thread (desktop/hosting.ts); the
 * client only needs to start and stop it.
 */
export interface HostingPort {
  /** Starts the host, creating the organization from `organization` when none exists yet. */
  start(organization?: NewOrganization): Promise<HostedOrganization>;
  stop(): Promise<void>;
}
