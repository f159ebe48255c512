import { basename, dirname, join } from 'node:path';
import type { SaveTarget } from '../ports/downloadPort';
import type { FilePickers } from '../ports/filePickers';

/** The person's choices in Settings › Desktop for files saved from messages. */
export interface SavingChoices {
  /** null: the system's Downloads folder. */
  downloadFolder: string | null;
  askWhereToSave: boolean;
}

/**
 * Where a file saved from a message goes: into the folder the person chose,
 * or the system's Downloads folder; when they asked to be asked, where the
 * save dialog (opened there, on the file's name) says. Null when they
 * cancelled it: nothing is saved. Without dialogs (the browser harness run
 * by hand), the folder.
 */
export async function saveTarget(
  choices: SavingChoices,
  systemFolder: string,
  suggestedName: string,
  pickers: FilePickers | undefined,
): Promise<SaveTarget | null> {
  const folder = choices.downloadFolder ?? systemFolder;
  if (!choices.askWhereToSave || !pickers) {
    return { folder, makeFolder: choices.downloadFolder === null };
  }
  const chosen = await pickers.saveAs(join(folder, suggestedName));
  if (chosen === null) return null;
  return { folder: dirname(chosen), name: basename(chosen), makeFolder: false };
}
