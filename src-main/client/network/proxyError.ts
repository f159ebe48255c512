import { mt } from '../../i18n/mainText';
import { proxyLabel, type ProxyServer } from './proxySetting';

/**
 * What went wrong at the proxy: it could not be reached, it wants (other)
 * credentials, it refused to connect to the server, or it could not reach the
 * server itself.
 */
export type ProxyFailure = 'unreachable' | 'credentials' | 'refused' | 'target-unreachable';

/** The proxy, not the server, is why a request failed. */
export class ProxyError extends Error {
  override readonly name = 'ProxyError';
  /** A code of its own, so the chain of causes names it as Node's errors name theirs. */
  readonly code: string;
  readonly proxy: string;
  /** Whether the proxy was sent a user name and password, for a refusal of them. */
  readonly credentialsGiven: boolean;

  constructor(
    readonly failure: ProxyFailure,
    proxy: ProxyServer,
    detail: string,
    /** The proxy's HTTP status, for an HTTP proxy's refusal. */
    readonly status: number | null = null,
    options: ErrorOptions = {},
  ) {
    super(`the proxy ${proxyLabel(proxy)} ${detail}`, options);
    this.code = `HEARTH_PROXY_${failure.toUpperCase().replace('-', '_')}`;
    this.proxy = proxyLabel(proxy);
    this.credentialsGiven = proxy.username !== null;
  }
}

/** The proxy's failure somewhere along an error's causes. */
export function proxyFailure(error: unknown): ProxyError | null {
  for (let link: unknown = error; link instanceof Error; link = link.cause) {
    if (link instanceof ProxyError) return link;
  }
  return null;
}

/**
 * The words for a proxy that wants credentials, the same at join and on an
 * account's banner: both send the person to where they are given.
 */
export function proxyCredentialsMessage(proxy: string, credentialsGiven: boolean): string {
  return credentialsGiven
    ? mt('main.proxy.credentialsRefused', { proxy })
    : mt('main.proxy.credentialsWanted', { proxy });
}
