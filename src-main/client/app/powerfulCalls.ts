import type { ZulipVersion } from '../../../src-preload/bridge';
import type { ConfirmRequest } from './confirmPort';
import type { NetworkExposure } from './hostingPort';
import { hostPort } from '../../wire/hostPort';

// The four bridge calls main confirms itself, and what each asks: what the
// window sends must never be enough to expose the organization, hand it out,
// lock other apps out or throw away what was written.

const allAddresses = '0.0.0.0';

/** Where colleagues would reach the host: the address chosen, or each of this computer's. */
export function networkUrls(
  exposure: NetworkExposure,
  interfaces: readonly { address: string }[],
): string[] {
  const addresses =
    exposure.address === allAddresses
      ? interfaces.map(({ address }) => address)
      : [exposure.address];
  return addresses.map((address) => `https://${hostPort(address, exposure.port)}`);
}

export function serveNetworkQuestion(realmName: string, urls: readonly string[]): ConfirmRequest {
  const where =
    urls.length > 0 ? `at ${urls.join(', ')}` : 'on every address this computer will have';
  return {
    action: 'Serve the network',
    message: `Serve ${realmName} to other computers on this network ${where}?`,
    detail:
      'Anyone who can reach this computer can then reach the organization’s sign-in page. The host restarts; people connected now are back within seconds.',
  };
}

export function exportQuestion(
  realmName: string,
  zulipVersion: ZulipVersion,
  folder: string,
): ConfirmRequest {
  return {
    action: 'Export',
    message: `Export ${realmName} for Zulip ${zulipVersion} to a new folder in ${folder}?`,
    detail:
      'The folder holds everyone’s messages, private ones included, unencrypted, readable by whoever can read this folder.',
  };
}

export function newApiKeyQuestion(realmName: string, email: string): ConfirmRequest {
  return {
    action: 'Regenerate API key',
    message: `Regenerate your API key for ${realmName} (${email})?`,
    detail:
      'Every other app signed in with the current key will be signed out, and bots or scripts using it stop working until they are given the new one.',
  };
}

const backupTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function restoreQuestion(realmName: string, takenAt: number): ConfirmRequest {
  return {
    action: 'Restore',
    message: `Restore the backup of ${realmName} from ${backupTime.format(takenAt)}? What changed since is lost.`,
    detail:
      'The host restarts on the backup; the database it replaces is kept beside it. Everyone connected registers again.',
  };
}
