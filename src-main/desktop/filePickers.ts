import { dialog, type BrowserWindow } from 'electron';
import type { FilePickers } from '../client/ports/filePickers';
import { mt } from '../i18n/mainText';

/**
 * The desktop's save and folder dialogs, over the window when there is one.
 * Linux's save dialog is not told to ask before replacing a file: Hearth never
 * writes over one (it saves beside it, under a free name), so the question
 * would only alarm. macOS and Windows ask whatever an app says.
 */
export function electronFilePickers(window: () => BrowserWindow | null): FilePickers {
  return {
    async saveAs(suggested) {
      const options = { title: mt('main.download.saveTitle'), defaultPath: suggested };
      const parent = window();
      const { canceled, filePath } = parent
        ? await dialog.showSaveDialog(parent, options)
        : await dialog.showSaveDialog(options);
      return canceled || !filePath ? null : filePath;
    },
    async folder(startAt) {
      const options = {
        title: mt('main.download.folderTitle'),
        defaultPath: startAt,
        properties: ['openDirectory' as const, 'createDirectory' as const],
      };
      const parent = window();
      const { canceled, filePaths } = parent
        ? await dialog.showOpenDialog(parent, options)
        : await dialog.showOpenDialog(options);
      return canceled ? null : (filePaths[0] ?? null);
    },
  };
}
