import { z } from 'zod';

// The bridge's part for how the window looks and speaks: Zulip's display
// settings, grouping channels by folder, and the window's language.

// Zulip's display settings that change the window, as the account's server
// last said (its user_settings events keep them current).
export const displaySettingsSchema = z.object({
  /** Zulip's color_scheme: follow the system's, or always dark or light. */
  theme: z.enum(['automatic', 'dark', 'light']),
  /** Zulip's twenty_four_hour_time; null (Zulip 11, feature level 408) follows the locale's clock. */
  twentyFourHourTime: z.boolean().nullable(),
  /**
   * Zulip's dense_mode: the feed packs its messages tighter. Null where the
   * server has no such setting (Zulip 10 removed it, feature level 364).
   */
  denseMode: z.boolean().nullable(),
  /**
   * Zulip's default_language, as the server writes it (`de`, `pt_BR`,
   * `zh-hans`): the window speaks it where it can. Null where the server
   * sends none.
   */
  language: z.string().nullable(),
});
export type DisplaySettings = z.infer<typeof displaySettingsSchema>;

// A change the window asks for: a setting is set to a value, never to null.
// The time zone (Zulip's timezone, shown as the snapshot's `timezone`) is an
// IANA name: Zulip keeps no way back to the computer's own.
export const displayPatchSchema = displaySettingsSchema
  .extend({
    twentyFourHourTime: z.boolean(),
    denseMode: z.boolean(),
    /** One of the window's languages (src-main/i18n/languages.ts); main writes it as the server's code. */
    language: z.string().min(1).max(20),
    timezone: z.string().min(1).max(100),
  })
  .partial();
export type DisplayPatch = z.infer<typeof displayPatchSchema>;

// Whether the reader groups channels by folder: in the sidebar (Zulip 11's
// web_left_sidebar_show_channel_folders, feature level 411) and in the Inbox
// (Zulip 12's web_inbox_show_channel_folders, 431). Null where the server has
// no such setting; its user_settings events keep them current.
export const folderGroupingSchema = z.object({
  sidebar: z.boolean().nullable(),
  inbox: z.boolean().nullable(),
});
export type FolderGrouping = z.infer<typeof folderGroupingSchema>;

export const displayBridgeCalls = {
  /** Whether channels are grouped by folder; the snapshot follows the server's event. */
  changeFolderGrouping: {
    args: z.object({
      patch: z
        .object({ sidebar: z.boolean().optional(), inbox: z.boolean().optional() })
        .refine((patch) => Object.keys(patch).length > 0, 'change at least one setting'),
    }),
    result: z.object({}),
  },
  /** The window's language, which main's menus, dialogs and notifications then speak. */
  useLanguage: {
    args: z.object({ code: z.string().min(1).max(20) }),
    result: z.object({}),
  },
  /** Zulip's display settings; the snapshot follows the server's event. */
  changeDisplaySettings: {
    args: z.object({
      patch: displayPatchSchema.refine(
        (patch) => Object.keys(patch).length > 0,
        'change at least one setting',
      ),
    }),
    result: z.object({}),
  },
} as const;
