import type { CallArgs } from '../../../src-preload/bridge';
import type { HearthApp } from '../app/hearthApp';
import { parseArgs } from './callArgs';
import { handlers } from './callHandlers';

/** Files between the window and a server: uploads, images messages show, files saved from them. */
export function uploadHandlers(app: HearthApp) {
  return handlers({
    async uploadFile(args: CallArgs<'uploadFile'>) {
      const { accountId, uploadId, name, type, data } = parseArgs('uploadFile', args);
      const file = { name, type, data: Buffer.from(data, 'base64') };
      return { url: await app.upload(accountId, uploadId, file) };
    },
    async cancelUpload(args: CallArgs<'cancelUpload'>) {
      app.cancelUpload(parseArgs('cancelUpload', args).uploadId);
      return {};
    },
    async uploadedImage(args: CallArgs<'uploadedImage'>) {
      const { accountId, href } = parseArgs('uploadedImage', args);
      return { dataUrl: await app.uploadedImage(accountId, href) };
    },
    async saveUpload(args: CallArgs<'saveUpload'>) {
      const { accountId, href } = parseArgs('saveUpload', args);
      return app.saveUpload(accountId, href);
    },
  });
}
