import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { startWebBridge, type WebBridge } from '../../src-main/web/webBridge';
import { bridgeCallNames, bridgeCalls, type WsFrame } from '../../src-preload/bridge';
import { removeProfile, startTestHearth, type TestHearth } from '../helpers/hearth';

// Issue 13, point 7: the renderer is untrusted. Every call of the contract,
// sent with arguments its schema refuses, gets an error and the app keeps
// answering; a page of another origin, or without the token, gets no bridge.

let hearth: TestHearth;
let web: WebBridge;

beforeAll(async () => {
  hearth = await startTestHearth({ secrets: createMemorySecretStore() });
  web = await startWebBridge({ rendererDir: 'out/renderer', service: hearth.service });
});

afterAll(async () => {
  await web.close();
  await hearth.stop();
  await removeProfile(hearth.profileDir);
});

const bridgeUrl = (token: string) => {
  const page = new URL(web.url);
  return {
    url: `ws://${page.host}/bridge?token=${encodeURIComponent(token)}`,
    origin: page.origin,
  };
};
const tokenOf = () => new URLSearchParams(new URL(web.url).hash.slice(1)).get('token') ?? '';

async function connect(token: string, origin: string): Promise<WebSocket> {
  const socket = new WebSocket(bridgeUrl(token).url, { origin });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}

function call(socket: WebSocket, id: number, method: string, args: unknown): Promise<WsFrame> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as WsFrame;
      if ('id' in frame && frame.id === id) {
        socket.off('message', onMessage);
        resolve(frame);
      }
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ id, method, args }));
  });
}

describe('the bridge over a WebSocket', () => {
  it('answers every call with schema-violating arguments with an error, and keeps answering', async () => {
    const socket = await connect(tokenOf(), bridgeUrl('').origin);
    let id = 0;
    for (const name of bridgeCallNames) {
      for (const args of [null, 'text', [1, 2], { accountId: 42, serverUrl: 7, narrow: 'all' }]) {
        // Calls without arguments take any object.
        if (bridgeCalls[name].args.safeParse(args).success) continue;
        const frame = await call(socket, ++id, name, args);
        expect(frame, `${name}(${JSON.stringify(args)})`).toMatchObject({ ok: false });
        expect((frame as { error: string }).error).toContain(`${name}: invalid arguments`);
      }
    }
    expect(await call(socket, ++id, 'noSuchCall', {})).toMatchObject({
      ok: false,
      error: 'Unknown bridge call: noSuchCall',
    });
    expect(await call(socket, id + 1, 'getAppState', {})).toMatchObject({
      ok: true,
      result: { accounts: [], activeAccountId: null },
    });
    socket.close();
  });

  it('refuses a page of another origin, or one without the token', async () => {
    const { origin } = bridgeUrl('');
    await expect(connect(tokenOf(), 'http://evil.example')).rejects.toThrow(/403/);
    await expect(connect('not-the-token', origin)).rejects.toThrow(/403/);
    const socket = await connect(tokenOf(), origin);
    expect(await call(socket, 1, 'getAppState', {})).toMatchObject({ ok: true });
    socket.close();
  });
});
