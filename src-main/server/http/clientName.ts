// Zulip names the sending client after the User-Agent's product token
// ("ZulipPython/0.9 (...)" → "ZulipPython"), which message `client` shows.
export function clientName(userAgent: string): string {
  const product = userAgent.trim().split(/[\s/]/)[0] ?? '';
  return product.length > 0 ? product.slice(0, 30) : 'API';
}
