import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import type { LookupFunction } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { presentedCertificate, type CertificatePin } from './certificates';
import { openSocket, type SocketOptions, type Trust } from './openSocket';
import { bareHost, environmentRoute, isThisComputer, manualRoute, portOf } from './proxyRoute';
import { direct, systemProxySetting, type Route } from './proxySetting';
import { trustedAuthorities } from './trustStore';
import { hostPort } from '../../wire/hostPort';
import type { ProxySetting } from '../../wire/proxySetting';

/** The desktop's own proxy for a URL: Chromium's answer under Electron, the environment's elsewhere. */
export type SystemProxy = (target: URL) => Promise<Route>;

export interface NetworkOptions {
  /** The environment read for proxies and extra authorities; the process's by default. */
  env?: Readonly<Record<string, string | undefined>>;
  systemProxy?: SystemProxy;
  /** The authorities a server's certificate may chain to; this computer's by default. */
  authorities?: () => readonly string[];
  connectTimeoutMs?: number;
  /** How a server's name becomes an address; the system's resolver unless given (a test's DNS server). */
  lookup?: LookupFunction;
}

/** A server reached through a certificate the person trusted for it. */
export interface PinnedServer {
  serverUrl: string;
  pin: CertificatePin;
}

/** Pooled connections were dropped for a new route; their requests are sent again by their callers. */
export class RouteChangedError extends Error {
  override readonly name = 'RouteChangedError';
  readonly code = 'HEARTH_ROUTE_CHANGED';
}

const originOf = (url: URL): string => `${url.protocol}//${bareHost(url.hostname)}:${portOf(url)}`;

/**
 * Every request the client makes leaves through here: this decides its route
 * (directly, or through which proxy) and which certificate it may accept
 * (one chaining to an authority this computer trusts, or the one certificate
 * the person trusted for that server, for that server only).
 */
export class Network {
  readonly #env: Readonly<Record<string, string | undefined>>;
  readonly #systemProxy: SystemProxy;
  readonly #authoritiesOf: () => readonly string[];
  readonly #timeoutMs: number;
  readonly #lookup: LookupFunction | undefined;
  #authorities: readonly string[] | null = null;
  #setting: ProxySetting = systemProxySetting;
  #password: string | null = null;
  /** One pool per kind of trust: the system's, and each pinned server's. */
  readonly #agents = new Map<string, Agent>();

  constructor(options: NetworkOptions = {}) {
    this.#env = options.env ?? process.env;
    const env = this.#env;
    this.#systemProxy =
      options.systemProxy ?? ((target) => Promise.resolve(environmentRoute(target, env)));
    this.#authoritiesOf = options.authorities ?? (() => trustedAuthorities({ env }));
    this.#timeoutMs = options.connectTimeoutMs ?? 15_000;
    this.#lookup = options.lookup;
  }

  get setting(): ProxySetting {
    return this.#setting;
  }

  /**
   * Routes requests from now on as the setting says. Pooled connections,
   * and the requests waiting on them (an event queue's long-poll), are
   * dropped, so that nothing keeps going the old way.
   */
  configure(setting: ProxySetting, password: string | null): void {
    this.#setting = setting;
    this.#password = password;
    const dropped = [...this.#agents.values()];
    this.#agents.clear();
    for (const agent of dropped) {
      void agent
        .destroy(new RouteChangedError('the network settings changed'))
        .catch(() => undefined);
    }
  }

  /** How a request to the URL leaves this computer. This computer itself is never reached through a proxy. */
  async routeFor(target: URL): Promise<Route> {
    if (isThisComputer(target.hostname)) return direct;
    switch (this.#setting.mode) {
      case 'none':
        return direct;
      case 'manual':
        return manualRoute(target, this.#setting, this.#password);
      case 'system':
        return this.systemRoute(target);
    }
  }

  /** Where the desktop's own settings send a request to the URL, whatever this app's setting. */
  systemRoute(target: URL): Promise<Route> {
    return this.#systemProxy(target);
  }

  /** A fetch for a server's requests; a pinned server's certificate is checked against its pin alone. */
  fetchFor(pinned: PinnedServer | null = null): typeof fetch {
    const send = (input: RequestInfo | URL, init?: RequestInit) =>
      undiciFetch(input as Parameters<typeof undiciFetch>[0], {
        ...(init as UndiciRequestInit | undefined),
        dispatcher: this.#agentFor(pinned),
      });
    return send as unknown as typeof fetch;
  }

  /** The certificate a server presents, read along its route without trusting it, sending nothing. */
  async readCertificate(serverUrl: string): Promise<CertificatePin> {
    const url = new URL(serverUrl);
    const socket = await openSocket(
      { host: bareHost(url.hostname), port: portOf(url), secure: true },
      await this.routeFor(url),
      { kind: 'inspect' },
      this.#socketOptions(),
    );
    try {
      return presentedCertificate(socket as TLSSocket);
    } finally {
      socket.destroy();
    }
  }

  #socketOptions(): SocketOptions {
    return {
      timeoutMs: this.#timeoutMs,
      proxyAuthorities: this.#trusted(),
      ...(this.#lookup ? { lookup: this.#lookup } : {}),
    };
  }

  async close(): Promise<void> {
    const agents = [...this.#agents.values()];
    this.#agents.clear();
    await Promise.all(agents.map((agent) => agent.close().catch(() => undefined)));
  }

  #trusted(): readonly string[] {
    this.#authorities ??= this.#authoritiesOf();
    return this.#authorities;
  }

  #agentFor(pinned: PinnedServer | null): Agent {
    const pinnedOrigin = pinned ? originOf(new URL(pinned.serverUrl)) : null;
    const key = pinned ? `${pinnedOrigin} ${pinned.pin.fingerprint}` : '';
    const known = this.#agents.get(key);
    if (known) return known;
    const agent = new Agent({
      connect: (options, callback) => {
        const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
        const host = bareHost(options.hostname);
        const url = new URL(`${options.protocol}//${hostPort(host, port)}`);
        const trust: Trust =
          pinned && originOf(url) === pinnedOrigin
            ? { kind: 'pin', pin: pinned.pin }
            : { kind: 'authorities', authorities: this.#trusted() };
        this.routeFor(url)
          .then((route) =>
            openSocket(
              { host, port, secure: url.protocol === 'https:' },
              route,
              trust,
              this.#socketOptions(),
            ),
          )
          .then(
            (socket) => callback(null, socket),
            (error: unknown) =>
              callback(error instanceof Error ? error : new Error(String(error)), null),
          );
      },
    });
    this.#agents.set(key, agent);
    return agent;
  }
}
