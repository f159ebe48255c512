import type { HearthApp } from '../app/hearthApp';
import { handlers } from './callHandlers';

/** Files between the window and a server: uploads, images messages show, files saved from them. */
export function uploadHandlers(app: HearthApp) {
  return handlers({
    async uploadFile({ accountId, uploadId, name, type, data }) {
      const file = { name, type, data: Buffer.from(data, 'base64') };
      return { url: await app.upload(accountId, uploadId, file) };
    },
    async cancelUpload(args) {
      app.cancelUpload(args.uploadId);
      return {};
    },
    async uploadedImage({ accountId, href }) {
      return { dataUrl: await app.uploadedImage(accountId, href) };
    },
    async saveUpload({ accountId, href }) {
      return app.saveUpload(accountId, href);
    },
    async chooseDownloadFolder() {
      return app.chooseDownloadFolder();
    },
  });
}
