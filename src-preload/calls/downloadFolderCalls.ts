import { z } from 'zod';
import { appStateSchema } from './appStateCalls';

// The bridge's part for the folder files saved from messages go to. The
// window may ask for the folder dialog but never name a folder itself: a
// window that could would put files wherever it liked, such as the folder
// the desktop runs programs from at login.

export const downloadFolderBridgeCalls = {
  /**
   * Main shows the desktop's folder dialog; the folder the person picks
   * becomes the downloadFolder preference. The app state either way: as it
   * was when they cancelled.
   */
  chooseDownloadFolder: { args: z.object({}), result: appStateSchema },
} as const;
