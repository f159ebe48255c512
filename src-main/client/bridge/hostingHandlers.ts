import type { CallArgs } from '../../../src-preload/bridge';
import type { HearthApp } from '../app/hearthApp';
import { parseArgs } from './callArgs';
import { handlers } from './callHandlers';

/** The Hosting page: this computer's organization, its host, network, backups and exports. */
export function hostingHandlers(app: HearthApp) {
  return handlers({
    async getHosting(args: CallArgs<'getHosting'>) {
      parseArgs('getHosting', args);
      return app.hostingPage();
    },
    async stopHosting(args: CallArgs<'stopHosting'>) {
      parseArgs('stopHosting', args);
      await app.stopHosting();
      return {};
    },
    async startHosting(args: CallArgs<'startHosting'>) {
      parseArgs('startHosting', args);
      await app.startHosting();
      return {};
    },
    async backUpHosting(args: CallArgs<'backUpHosting'>) {
      parseArgs('backUpHosting', args);
      await app.backUpHosting();
      return {};
    },
    async exportForZulip(args: CallArgs<'exportForZulip'>) {
      return app.exportForZulip(parseArgs('exportForZulip', args).zulipVersion);
    },
    async setBackupKeep(args: CallArgs<'setBackupKeep'>) {
      await app.setBackupKeep(parseArgs('setBackupKeep', args).keep);
      return {};
    },
    async setBotsReachPrivateNetworks(args: CallArgs<'setBotsReachPrivateNetworks'>) {
      await app.setBotsReachPrivateNetworks(parseArgs('setBotsReachPrivateNetworks', args).allow);
      return {};
    },
    async restoreBackup(args: CallArgs<'restoreBackup'>) {
      return app.restoreBackup(parseArgs('restoreBackup', args).name);
    },
    async setHostingNetwork(args: CallArgs<'setHostingNetwork'>) {
      return app.setHostingNetwork(parseArgs('setHostingNetwork', args).exposure);
    },
  });
}
