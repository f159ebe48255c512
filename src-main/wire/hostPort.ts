/** `host:port` as a URL writes it, an IPv6 address in brackets. */
export const hostPort = (host: string, port: number | string): string =>
  `${host.includes(':') ? `[${host}]` : host}:${port}`;
