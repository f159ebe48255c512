import { z } from 'zod';

export const proxySchemes = ['http', 'https', 'socks5'] as const;
export type ProxyScheme = (typeof proxySchemes)[number];

/**
 * How this computer reaches servers, as Settings › Network chooses it. The
 * proxy's password is not here: it is kept in the keychain.
 */
export const proxySettingSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('system') }),
  z.object({ mode: z.literal('none') }),
  z.object({
    mode: z.literal('manual'),
    scheme: z.enum(proxySchemes),
    host: z
      .string()
      .trim()
      .min(1)
      .max(253)
      .regex(/^[^\s/@?#]+$/, 'a host name or address, without a scheme or path'),
    port: z.number().int().min(1).max(65_535),
    username: z.string().min(1).max(255).nullable(),
    /** Hosts reached directly, as NO_PROXY names them. */
    bypass: z.array(z.string().trim().min(1).max(253)).max(200),
  }),
]);
export type ProxySetting = z.infer<typeof proxySettingSchema>;
export type ManualProxySetting = Extract<ProxySetting, { mode: 'manual' }>;
