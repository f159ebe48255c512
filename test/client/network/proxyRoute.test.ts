import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { Network } from '../../../src-main/client/network/routing';
import {
  bypasses,
  environmentRoute,
  isThisComputer,
  pacRoute,
  parseProxyUrl,
} from '../../../src-main/client/network/proxyRoute';

// Issue 35, point 1: the route each request takes, as the desktop's
// environment, a PAC answer or the manual setting gives it.
const proxyOf = (route: ReturnType<typeof environmentRoute>) =>
  route.kind === 'proxy' ? route.proxy : null;

describe('the route a request takes', () => {
  it('reads HTTPS_PROXY for https, HTTP_PROXY for http, in either case, lower case first', () => {
    const env = {
      HTTPS_PROXY: 'http://upper.corp.example:3128',
      https_proxy: 'http://lower.corp.example:3128',
      HTTP_PROXY: 'proxy.corp.example:8080',
    };
    expect(proxyOf(environmentRoute(new URL('https://chat.example.com'), env))?.host).toBe(
      'lower.corp.example',
    );
    expect(proxyOf(environmentRoute(new URL('http://chat.example.com'), env))).toEqual({
      scheme: 'http',
      host: 'proxy.corp.example',
      port: 8080,
      username: null,
      password: null,
    });
    expect(environmentRoute(new URL('https://chat.example.com'), {})).toEqual({ kind: 'direct' });
  });

  it('takes credentials and SOCKS5 from the proxy URL, percent-encoding undone', () => {
    expect(parseProxyUrl('socks5h://me%40corp:p%3Ass@10.0.0.1')).toEqual({
      scheme: 'socks5',
      host: '10.0.0.1',
      port: 1080,
      username: 'me@corp',
      password: 'p:ss',
    });
    expect(parseProxyUrl('ftp://proxy')).toBeNull();
    expect(parseProxyUrl('')).toBeNull();
  });

  it('bypasses what NO_PROXY names: domains with their subdomains, addresses, ranges, ports, or all', () => {
    expect(bypasses(['corp.example'], 'chat.corp.example', 443)).toBe(true);
    expect(bypasses(['.corp.example'], 'corp.example', 443)).toBe(true);
    expect(bypasses(['*.corp.example'], 'a.b.corp.example', 443)).toBe(true);
    expect(bypasses(['corp.example'], 'notcorp.example', 443)).toBe(false);
    expect(bypasses(['10.0.0.0/8'], '10.20.30.40', 443)).toBe(true);
    expect(bypasses(['10.0.0.0/8'], '11.0.0.1', 443)).toBe(false);
    expect(bypasses(['[fd00::]/8'], '[fd12::1]', 443)).toBe(true);
    expect(bypasses(['chat.example.com:8443'], 'chat.example.com', 443)).toBe(false);
    expect(bypasses(['chat.example.com:8443'], 'chat.example.com', 8443)).toBe(true);
    expect(bypasses(['*'], 'anything.example', 80)).toBe(true);
    const env = { HTTPS_PROXY: 'http://proxy:3128', no_proxy: 'intranet.example, 192.168.0.0/16' };
    expect(environmentRoute(new URL('https://wiki.intranet.example/'), env)).toEqual({
      kind: 'direct',
    });
    expect(environmentRoute(new URL('https://192.168.1.9/'), env)).toEqual({ kind: 'direct' });
    expect(environmentRoute(new URL('https://zulip.example.com/'), env).kind).toBe('proxy');
  });

  it('reads the first route of a PAC answer it can use, as Chromium gives the desktop’s settings', () => {
    expect(pacRoute('DIRECT')).toEqual({ kind: 'direct' });
    expect(proxyOf(pacRoute('PROXY proxy.corp.example:3128; DIRECT'))).toMatchObject({
      scheme: 'http',
      host: 'proxy.corp.example',
      port: 3128,
    });
    expect(proxyOf(pacRoute('SOCKS 10.0.0.1:1080; HTTPS secure.corp.example:443'))).toMatchObject({
      scheme: 'https',
      host: 'secure.corp.example',
    });
    expect(proxyOf(pacRoute('SOCKS5 10.0.0.1:1081'))).toMatchObject({
      scheme: 'socks5',
      port: 1081,
    });
  });

  it('never sends this computer’s own addresses and names through a proxy, whatever is set', async () => {
    for (const host of [
      'localhost',
      'hearth.localhost',
      '127.0.0.1',
      '127.8.9.1',
      '[::1]',
      hostname(),
    ]) {
      expect(isThisComputer(host)).toBe(true);
    }
    expect(isThisComputer('chat.example.com')).toBe(false);
    expect(isThisComputer('8.8.8.8')).toBe(false);

    const network = new Network({ env: { HTTPS_PROXY: 'http://proxy.corp.example:3128' } });
    expect(await network.routeFor(new URL('https://127.0.0.1:9991'))).toEqual({ kind: 'direct' });
    expect((await network.routeFor(new URL('https://chat.example.com'))).kind).toBe('proxy');
    network.configure({ mode: 'none' }, null);
    expect(await network.routeFor(new URL('https://chat.example.com'))).toEqual({ kind: 'direct' });
    network.configure(
      {
        mode: 'manual',
        scheme: 'socks5',
        host: 'socks.corp.example',
        port: 1080,
        username: 'me',
        bypass: ['intranet.example'],
      },
      'secret',
    );
    expect(await network.routeFor(new URL('https://chat.example.com'))).toEqual({
      kind: 'proxy',
      proxy: {
        scheme: 'socks5',
        host: 'socks.corp.example',
        port: 1080,
        username: 'me',
        password: 'secret',
      },
    });
    expect(await network.routeFor(new URL('https://wiki.intranet.example'))).toEqual({
      kind: 'direct',
    });
    expect(await network.routeFor(new URL('http://localhost:9991'))).toEqual({ kind: 'direct' });
    await network.close();
  });
});
