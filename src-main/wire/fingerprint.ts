// A certificate's SHA-256 fingerprint is shown as 32 colon-separated pairs
// (as browsers and `openssl x509 -fingerprint` show it) and travels in links
// as 64 lower-case hex digits, which need no escaping.

export const fingerprintInLink = (fingerprint: string): string =>
  fingerprint.replaceAll(':', '').toLowerCase();

/** The fingerprint in its shown form, or null when `text` is not a SHA-256 fingerprint. */
export function parseFingerprint(text: string): string | null {
  const hex = text.trim().replaceAll(':', '').toUpperCase();
  if (!/^[0-9A-F]{64}$/.test(hex)) return null;
  return hex.match(/../g)?.join(':') ?? null;
}
