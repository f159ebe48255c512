import { describe, expect, it, vi } from 'vitest';

// Electron cannot run here: this fake stands in for its dialog module,
// keeping what each dialog was asked and answering as the test says.
const electron = vi.hoisted(() => {
  const shown: { kind: string; parent: unknown; options: unknown }[] = [];
  const answers: unknown[] = [];
  const show =
    (kind: string) =>
    async (...args: unknown[]) => {
      const [parent, options] = args.length === 2 ? args : [null, args[0]];
      shown.push({ kind, parent, options });
      return answers.shift();
    };
  return {
    shown,
    answers,
    dialog: { showSaveDialog: show('save'), showOpenDialog: show('open') },
  };
});
vi.mock('electron', () => ({ dialog: electron.dialog }));

const { electronFilePickers } = await import('../../src-main/desktop/filePickers');

describe('the save and folder dialogs in Electron', () => {
  const window = { id: 1 };
  const pickers = electronFilePickers(() => window as never);

  it('opens the save dialog over the window on the suggested file, without offering to replace', async () => {
    electron.answers.push({ canceled: false, filePath: '/home/ana/Rota.txt' });
    expect(await pickers.saveAs('/home/ana/Downloads/rota.txt')).toBe('/home/ana/Rota.txt');
    expect(electron.shown.at(-1)).toEqual({
      kind: 'save',
      parent: window,
      options: { title: 'Save the file', defaultPath: '/home/ana/Downloads/rota.txt' },
    });
  });

  it('opens a folder dialog that can make a folder, and answers the folder picked', async () => {
    electron.answers.push({ canceled: false, filePaths: ['/media/ana/stick'] });
    expect(await pickers.folder('/home/ana/Downloads')).toBe('/media/ana/stick');
    expect(electron.shown.at(-1)).toEqual({
      kind: 'open',
      parent: window,
      options: {
        title: 'Choose the folder for saved files',
        defaultPath: '/home/ana/Downloads',
        properties: ['openDirectory', 'createDirectory'],
      },
    });
  });

  it('answers null for either dialog cancelled', async () => {
    electron.answers.push({ canceled: true, filePath: '' }, { canceled: true, filePaths: [] });
    expect(await pickers.saveAs('/home/ana/Downloads/rota.txt')).toBeNull();
    expect(await pickers.folder('/home/ana/Downloads')).toBeNull();
  });

  it('shows the dialog on its own when there is no window', async () => {
    electron.answers.push({ canceled: false, filePaths: ['/srv/files'] });
    expect(await electronFilePickers(() => null).folder('/srv')).toBe('/srv/files');
    expect(electron.shown.at(-1)?.parent).toBeNull();
  });
});
