import type { HearthApp } from '../app/hearthApp';
import { handlers } from './callHandlers';

/**
 * The app itself: its state and preferences, its accounts, joining or hosting
 * an organization, and the network it reaches servers through.
 */
export function appHandlers(app: HearthApp) {
  return handlers({
    async getAppState() {
      return app.appState();
    },
    async switchAccount(args) {
      app.switchTo(args.accountId);
      return {};
    },
    async removeAccount(args) {
      await app.remove(args.accountId);
      return {};
    },
    async systemConfig() {
      const { presetOrganizations, problem } = app.systemConfig();
      return { presetOrganizations, problem };
    },
    async dismissStorageNotice(args) {
      app.dismissStorageNotice(args.accountId);
      return {};
    },
    async setPreferences(args) {
      return app.setPreferences(args.patch);
    },
    async spellingOffers() {
      return app.spellingOffers();
    },
    async setDoNotDisturb(args) {
      return app.setDoNotDisturb(args.choice);
    },
    async probeServer(args) {
      return app.probe(args.serverUrl);
    },
    async findOrganizations() {
      return app.findOrganizations();
    },
    async joinOrganization(args) {
      return app.join(args);
    },
    async hostOrganization({ organizationName, fullName, email, password, language }) {
      return app.host({
        realmName: organizationName,
        ownerFullName: fullName,
        ownerEmail: email,
        ownerPassword: password,
        language,
      });
    },
    async networkSettings() {
      return app.networkSettings();
    },
    async setNetworkSettings(args) {
      return app.setNetworkSettings(args);
    },
    async trustServerCertificate({ accountId, fingerprint }) {
      await app.trustServerCertificate(accountId, fingerprint);
      return {};
    },
  });
}
