/**
 * The secrets of a host's public certificate and of its registration with
 * Zulip's push service, kept in the app's keychain or in 0600 files: none of
 * them is ever logged. The host names them, and main checks a worker's
 * question against the same list.
 */
export const secretNames = [
  'tsig-secret',
  'cloudflare-token',
  'acme-account-key',
  'certificate-key',
  'push-service-id',
  'push-service-key',
] as const;
export type SecretName = (typeof secretNames)[number];
