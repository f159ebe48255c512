import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { hangUpOf } from '../../src-main/server/http/hangUp';

let server: Server | undefined;

afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** A real loopback connection: the server's end, and a function that makes the client hang up. */
async function connection(): Promise<{ serverEnd: Socket; hangUp: () => Promise<void> }> {
  const accepted = new Promise<Socket>((resolve) => {
    server = createServer(resolve);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server?.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const client = connect(address.port, '127.0.0.1');
  const serverEnd = await accepted;
  const hangUp = () =>
    new Promise<void>((resolve) => {
      serverEnd.once('close', () => resolve());
      client.destroy();
    });
  return { serverEnd, hangUp };
}

describe("a connection's hang-up", () => {
  it('reaches every request still listening on it, and none that stopped', async () => {
    const { serverEnd, hangUp } = await connection();
    const heard: string[] = [];
    hangUpOf(serverEnd).onHangUp(() => heard.push('waiting poll'));
    const stop = hangUpOf(serverEnd).onHangUp(() => heard.push('answered poll'));
    stop();

    await hangUp();
    expect(heard).toEqual(['waiting poll']);
  });

  it('reaches pipelined requests waiting side by side, in any order of stopping', async () => {
    const { serverEnd, hangUp } = await connection();
    const heard: string[] = [];
    const stopFirst = hangUpOf(serverEnd).onHangUp(() => heard.push('first'));
    hangUpOf(serverEnd).onHangUp(() => heard.push('second'));
    const stopThird = hangUpOf(serverEnd).onHangUp(() => heard.push('third'));
    stopFirst();
    stopThird();
    hangUpOf(serverEnd).onHangUp(() => heard.push('fourth'));

    await hangUp();
    expect(heard.sort()).toEqual(['fourth', 'second']);
  });

  it('reaches a request that starts listening after its client is gone', async () => {
    const { serverEnd, hangUp } = await connection();
    hangUpOf(serverEnd);
    await hangUp();

    const heard = new Promise<string>((resolve) => {
      hangUpOf(serverEnd).onHangUp(() => resolve('heard'));
    });
    await expect(heard).resolves.toBe('heard');
  });

  it('is known for a connection first seen after it closed', async () => {
    const { serverEnd, hangUp } = await connection();
    await hangUp();

    const heard = new Promise<string>((resolve) => {
      hangUpOf(serverEnd).onHangUp(() => resolve('heard'));
    });
    await expect(heard).resolves.toBe('heard');
  });
});
