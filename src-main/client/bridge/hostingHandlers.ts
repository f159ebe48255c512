import type { HearthApp } from '../app/hearthApp';
import { handlers } from './callHandlers';

/** The Hosting page: this computer's organization, its host, network, backups and exports. */
export function hostingHandlers(app: HearthApp) {
  return handlers({
    async getHosting() {
      return app.hostingPage();
    },
    async stopHosting() {
      await app.stopHosting();
      return {};
    },
    async startHosting() {
      await app.startHosting();
      return {};
    },
    async backUpHosting() {
      await app.backUpHosting();
      return {};
    },
    async exportForZulip(args) {
      return app.exportForZulip(args.zulipVersion);
    },
    async setBackupKeep(args) {
      await app.setBackupKeep(args.keep);
      return {};
    },
    async setBotsReachPrivateNetworks(args) {
      await app.setBotsReachPrivateNetworks(args.allow);
      return {};
    },
    async addAllowedHost(args) {
      await app.addAllowedHost(args.name);
      return {};
    },
    async removeAllowedHost(args) {
      await app.removeAllowedHost(args.name);
      return {};
    },
    async restoreBackup(args) {
      return app.restoreBackup(args.name);
    },
    async setHostingNetwork(args) {
      return app.setHostingNetwork(args.exposure);
    },
    async setPublicName(args) {
      return app.setPublicName(args);
    },
    async setOwnCertificate(args) {
      return app.setOwnCertificate(args);
    },
    async forgetPublicName() {
      return app.forgetPublicName();
    },
    async registerPushService(args) {
      return app.registerPushService(args);
    },
    async renewCertificate() {
      await app.renewCertificate();
      return {};
    },
    async dismissFoundAtStart() {
      app.dismissFoundAtStart();
      return {};
    },
  });
}
