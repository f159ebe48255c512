/**
 * The desktop's own file dialogs, which main opens for the person: a window
 * can ask for one, but only the person's answer in it names a place on disk.
 * Native dialogs in Electron; in the tests, a stand-in the test answers.
 */
export interface FilePickers {
  /**
   * Where to save one file, the dialog opened on `suggested` (a folder and a
   * name); null when the person cancelled.
   */
  saveAs(suggested: string): Promise<string | null>;
  /** A folder the person picks, or makes, starting from `startAt`; null when cancelled. */
  folder(startAt: string): Promise<string | null>;
}
