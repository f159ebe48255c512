import { z } from 'zod';

// The bridge's part for the administrator's file (src-main/client/preferences/systemConfig.ts):
// what it sets for everyone on this computer that the window shows.

export const systemConfigSchema = z.object({
  /** Servers the join screen offers, whatever the person does: only the administrator takes one away. */
  presetOrganizations: z.array(z.string()),
  /** Why the file was not used, or was used in part, as one sentence; null when nothing is wrong. */
  problem: z.string().nullable(),
});
export type SystemConfigView = z.infer<typeof systemConfigSchema>;

export const systemConfigBridgeCalls = {
  systemConfig: { args: z.object({}), result: systemConfigSchema },
} as const;
