import type { ZulipVersion } from '../../../src-preload/bridge';
import type { ConfirmRequest } from './confirmPort';
import type { NetworkExposure } from './hostingPort';
import { hostPort } from '../../wire/hostPort';
import { mainLanguage, mt } from '../../i18n/mainText';

// The bridge calls main confirms itself, and what each asks: what the window
// sends must never be enough to expose the organization, hand it out, make
// it known to an outside service, lock other apps out or throw away what was
// written.

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
  return {
    action: mt('main.serveNetwork.action'),
    message:
      urls.length > 0
        ? mt('main.serveNetwork.questionAt', { realm: realmName, urls: urls.join(', ') })
        : mt('main.serveNetwork.questionEverywhere', { realm: realmName }),
    detail: mt('main.serveNetwork.detail'),
  };
}

export function publicNameQuestion(realmName: string, name: string): ConfirmRequest {
  return {
    action: mt('main.publicName.action'),
    message: mt('main.publicName.question', { realm: realmName, name }),
    detail: mt('main.publicName.detail'),
  };
}

export function ownCertificateQuestion(
  realmName: string,
  names: readonly string[],
): ConfirmRequest {
  return {
    action: mt('main.ownCertificate.action'),
    message: mt('main.ownCertificate.question', { realm: realmName, names: names.join(', ') }),
    detail: mt('main.ownCertificate.detail'),
  };
}

export function forgetPublicNameQuestion(realmName: string, name: string): ConfirmRequest {
  return {
    action: mt('main.forgetPublicName.action'),
    message: mt('main.forgetPublicName.question', { realm: realmName, name }),
    detail: mt('main.forgetPublicName.detail'),
  };
}

export function pushServiceQuestion(
  realmName: string,
  url: string,
  contactEmail: string,
): ConfirmRequest {
  return {
    action: mt('main.pushService.action'),
    message: mt('main.pushService.question', { realm: realmName, url }),
    detail: mt('main.pushService.detail', { email: contactEmail }),
  };
}

export function exportQuestion(
  realmName: string,
  zulipVersion: ZulipVersion,
  folder: string,
): ConfirmRequest {
  return {
    action: mt('main.export.action'),
    message: mt('main.export.question', { realm: realmName, version: zulipVersion, folder }),
    detail: mt('main.export.detail'),
  };
}

export function newApiKeyQuestion(realmName: string, email: string): ConfirmRequest {
  return {
    action: mt('main.newApiKey.action'),
    message: mt('main.newApiKey.question', { realm: realmName, email }),
    detail: mt('main.newApiKey.detail'),
  };
}

export function restoreQuestion(realmName: string, takenAt: number): ConfirmRequest {
  const when = new Intl.DateTimeFormat(mainLanguage(), { dateStyle: 'medium', timeStyle: 'short' });
  return {
    action: mt('main.restore.action'),
    message: mt('main.restore.question', { realm: realmName, when: when.format(takenAt) }),
    detail: mt('main.restore.detail'),
  };
}
