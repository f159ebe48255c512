import type { HostingPage } from '../../../src-preload/bridge';
import type { AccountRuntime } from '../runtime/accountRuntime';
import type { HostingReport } from '../ports/hostingPort';

/**
 * The Hosting page: the host's own report, with the people of the hosted
 * organization as its owner's account sees them (bots aside; the owner,
 * connected here, counts as online).
 */
export function hostingPageOf(report: HostingReport, owner: AccountRuntime | null): HostingPage {
  const state = owner?.session?.state ?? null;
  const people = (state?.realm_users ?? []).filter((user) => !user.is_bot);
  const ownId = state?.user_id;
  const online = people.filter((user) =>
    user.user_id === ownId
      ? owner?.connection.state === 'connected'
      : owner?.presence?.statusOf(user.user_id) === 'active',
  ).length;
  return {
    status: report.status,
    runningSince: report.runningSince,
    addresses: [
      ...(report.url === null ? [] : [{ url: report.url, scope: 'this computer' as const }]),
      ...report.network.urls.map((url) => ({ url, scope: 'network' as const })),
    ],
    users: state ? { total: people.length, online } : null,
    databaseBytes: report.databaseBytes,
    logs: report.logs,
    network: {
      exposure: report.network.exposure,
      fingerprint: report.network.fingerprint,
      certificatePath: report.network.certificatePath,
      failure: report.network.failure,
      interfaces: report.network.interfaces,
    },
    backups: report.backups,
    botsReachPrivateNetworks: report.botsReachPrivateNetworks,
    allowedHosts: report.allowedHosts,
    publicName: report.publicName,
    ownCertificate: report.ownCertificate,
    pushService: report.pushService,
    damage: report.damage,
    diskFull: report.diskFull,
    foundAtStart: report.foundAtStart,
  };
}
