import { z } from 'zod';
import { connectionSchema } from './networkCalls';
import { largestZoom, smallestZoom } from '../../src-main/wire/zoomSteps';

// The bridge's part for the app as a whole: the accounts it holds, which one
// the window shows, the badge, do not disturb and this computer's preferences.

/** What this computer could not keep of an account as it was, told once to the person. */
export const storageNoticeSchema = z.object({
  /** The offline copy could not be used: it is kept under this name while a new one is fetched. */
  cacheSetAside: z.string().nullable(),
  /** Unsent messages carried over from it, sent as before. */
  unsentCarried: z.number().int(),
  /**
   * Unsent messages that could not be read, and were not sent: how many
   * (null: not known) and the file that keeps them.
   */
  unsentUnreadable: z.object({ count: z.number().int().nullable(), keptIn: z.string() }).nullable(),
});
export type StorageNotice = z.infer<typeof storageNoticeSchema>;

export const accountSummarySchema = z.object({
  id: z.string(),
  serverUrl: z.string(),
  email: z.string(),
  realmName: z.string(),
  /** An image the window may show as the organization's icon (a data: URL), or null for initials. */
  realmIcon: z.string().nullable(),
  /** The organization hosted on this computer. */
  hosted: z.boolean(),
  unreadCount: z.number().int(),
  connection: connectionSchema,
  /** No keychain answered: the key lives in memory for this run only. */
  keyInMemoryOnly: z.boolean(),
  /** The key is gone (a restart without a keychain): the password or key must be given again. */
  needsSignIn: z.boolean(),
  /** Until the person dismisses it, what was found damaged when the account opened; null when nothing. */
  storage: storageNoticeSchema.nullable(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const doNotDisturbSchema = z.object({
  /** Epoch ms when it ends by itself; null when it lasts until turned off. */
  until: z.number().nullable(),
});
export type DoNotDisturb = z.infer<typeof doNotDisturbSchema>;

// This computer's choices for the app itself.
export const appPreferencesSchema = z.object({
  /** Closing the window keeps the app in the tray, even when it hosts nothing. */
  keepInTray: z.boolean(),
  startAtLogin: z.boolean(),
  /** Spell-checking in the compose box, in the system's languages. */
  spellcheck: z.boolean(),
  /** Update Hearth automatically while it hosts an organization (installing stops the host). */
  updateWhileHosting: z.boolean(),
  /** The app starts with its window minimized, or in the tray when the tray is on. */
  startMinimized: z.boolean(),
  /** The icon in the system tray (the notification area, the menu bar). */
  showTray: z.boolean(),
  /** A new message flashes the taskbar button or bounces the dock icon. */
  flashOnMessage: z.boolean(),
  /** The spell-checker's languages, from those the system offers; null: the person's language. */
  spellcheckLanguages: z.array(z.string().min(1).max(35)).max(20).nullable(),
  /** Where saved files go; null: the system's Downloads folder. */
  downloadFolder: z.string().min(1).max(4096).nullable(),
  /** Ask where to save each file instead of saving it in the folder. */
  askWhereToSave: z.boolean(),
  /** The window's zoom, 1 for 100%. */
  zoomFactor: z.number().min(smallestZoom).max(largestZoom),
});
export type AppPreferences = z.infer<typeof appPreferencesSchema>;

export const appStateSchema = z.object({
  accounts: z.array(accountSummarySchema),
  activeAccountId: z.string().nullable(),
  /** The dock, taskbar and tray count: each account by its desktop_icon_count_display, summed. */
  badge: z.number().int(),
  /** On while it silences notifications and sounds; null when off. */
  doNotDisturb: doNotDisturbSchema.nullable(),
  /** This computer's organization; null when it hosts none. */
  hosting: z.enum(['running', 'stopped']).nullable(),
  preferences: appPreferencesSchema,
});
export type AppState = z.infer<typeof appStateSchema>;

const accountId = z.object({ accountId: z.string().min(1).max(100) });

export const appStateBridgeCalls = {
  getAppState: { args: z.object({}), result: appStateSchema },
  switchAccount: { args: accountId, result: z.object({}) },
  removeAccount: { args: accountId, result: z.object({}) },
  /** The person has read the account's storage notice. */
  dismissStorageNotice: { args: accountId, result: z.object({}) },
  setPreferences: {
    args: z.object({
      patch: appPreferencesSchema
        .partial()
        // Back to the Downloads folder only: another is named by the person in
        // main's folder dialog (chooseDownloadFolder), never by the window.
        .extend({ downloadFolder: z.null().optional() })
        .refine((patch) => Object.keys(patch).length > 0, 'change at least one preference'),
    }),
    result: appStateSchema,
  },
  setDoNotDisturb: {
    args: z.object({ choice: z.enum(['hour', 'tomorrow', 'untilOff', 'off']) }),
    result: appStateSchema,
  },
} as const;

export const appStateBridgeEvents = {
  /** The account list, unread counts and connections changed. */
  appState: appStateSchema,
} as const;
