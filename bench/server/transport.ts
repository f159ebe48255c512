// How a table row names the transport: plain HTTP on loopback, or TLS.
export interface Transport {
  prefix: string;
  bare: string;
}
export const plain: Transport = { prefix: '', bare: 'bare node:http' };
export const tls: Transport = { prefix: 'TLS: ', bare: 'bare node:https' };

/** How the figures measured at `url` are named: over TLS for an https: host. */
export const transportOf = (url: string): Transport => (url.startsWith('https:') ? tls : plain);
