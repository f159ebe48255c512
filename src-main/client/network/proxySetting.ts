import { hostPort } from '../../wire/hostPort';
import type { ProxyScheme, ProxySetting } from '../../wire/proxySetting';

export const systemProxySetting: ProxySetting = { mode: 'system' };

/** A proxy to go through, with the credentials it may ask for. */
export interface ProxyServer {
  scheme: ProxyScheme;
  host: string;
  port: number;
  username: string | null;
  password: string | null;
}

/** How one request leaves this computer. */
export type Route = { kind: 'direct' } | { kind: 'proxy'; proxy: ProxyServer };

export const direct: Route = { kind: 'direct' };

/** The proxy's address as people write it: `http://proxy.example:3128`. */
export const proxyLabel = (proxy: Pick<ProxyServer, 'scheme' | 'host' | 'port'>): string =>
  `${proxy.scheme}://${hostPort(proxy.host, proxy.port)}`;
