/** `host:port` as a URL writes it, an IPv6 address in brackets. */
export const hostPort = (host: string, port: number | string): string =>
  `${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * `host` or `host:port` as a person types a server's address (an IPv6
 * address in brackets), with `defaultPort` where none is given; null for
 * anything else.
 */
export function parseHostPort(
  typed: string,
  defaultPort: number,
): { host: string; port: number } | null {
  const match = /^(\[[0-9a-f:.]+\]|[^:\s[\]]+)(?::(\d{1,5}))?$/i.exec(typed.trim());
  const port = Number(match?.[2] ?? defaultPort);
  if (!match?.[1] || port < 1 || port > 65535) return null;
  return { host: match[1].replace(/^\[|\]$/g, ''), port };
}
