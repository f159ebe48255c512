import { z } from 'zod';
import { confirmedResult } from './confirmed';

// The bridge's part for the reader's own account: their password, API key
// and name, each changed on the server.

export const accountSettingBridgeCalls = {
  /** Zulip's password change; the server checks both. */
  changePassword: {
    args: z.object({
      oldPassword: z.string().min(1).max(1000),
      newPassword: z.string().min(1).max(1000),
    }),
    result: z.object({}),
  },
  /** Once the person confirms it, a new API key for the account in the window, kept in the keychain; the old one stops working. */
  regenerateApiKey: { args: z.object({}), result: confirmedResult({}) },
  /** The server checks the name and renames the reader everywhere by its realm_user event. */
  changeFullName: {
    args: z.object({ fullName: z.string().max(1000) }),
    result: z.object({}),
  },
} as const;
