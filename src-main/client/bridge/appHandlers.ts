import type { CallArgs } from '../../../src-preload/bridge';
import type { HearthApp } from '../app/hearthApp';
import { parseArgs } from './callArgs';
import { handlers } from './callHandlers';

/**
 * The app itself: its state and preferences, its accounts, joining or hosting
 * an organization, and the network it reaches servers through.
 */
export function appHandlers(app: HearthApp) {
  return handlers({
    async getAppState(args: CallArgs<'getAppState'>) {
      parseArgs('getAppState', args);
      return app.appState();
    },
    async switchAccount(args: CallArgs<'switchAccount'>) {
      app.switchTo(parseArgs('switchAccount', args).accountId);
      return {};
    },
    async removeAccount(args: CallArgs<'removeAccount'>) {
      await app.remove(parseArgs('removeAccount', args).accountId);
      return {};
    },
    async setPreferences(args: CallArgs<'setPreferences'>) {
      return app.setPreferences(parseArgs('setPreferences', args).patch);
    },
    async setDoNotDisturb(args: CallArgs<'setDoNotDisturb'>) {
      return app.setDoNotDisturb(parseArgs('setDoNotDisturb', args).choice);
    },
    async probeServer(args: CallArgs<'probeServer'>) {
      return app.probe(parseArgs('probeServer', args).serverUrl);
    },
    async findOrganizations(args: CallArgs<'findOrganizations'>) {
      parseArgs('findOrganizations', args);
      return app.findOrganizations();
    },
    async joinOrganization(args: CallArgs<'joinOrganization'>) {
      return app.join(parseArgs('joinOrganization', args));
    },
    async hostOrganization(args: CallArgs<'hostOrganization'>) {
      const { organizationName, fullName, email, password, language } = parseArgs(
        'hostOrganization',
        args,
      );
      return app.host({
        realmName: organizationName,
        ownerFullName: fullName,
        ownerEmail: email,
        ownerPassword: password,
        language,
      });
    },
    async networkSettings(args: CallArgs<'networkSettings'>) {
      parseArgs('networkSettings', args);
      return app.networkSettings();
    },
    async setNetworkSettings(args: CallArgs<'setNetworkSettings'>) {
      return app.setNetworkSettings(parseArgs('setNetworkSettings', args));
    },
    async trustServerCertificate(args: CallArgs<'trustServerCertificate'>) {
      const { accountId, fingerprint } = parseArgs('trustServerCertificate', args);
      await app.trustServerCertificate(accountId, fingerprint);
      return {};
    },
  });
}
