import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { WebSocketServer, type WebSocket as HostSocket } from 'ws';
import { keepNamesShim, paintClock } from './pageProbes';

/**
 * The floor for a new message: a line added to an empty list, sent to the
 * page over a WebSocket as the window's events are, and timed by the same
 * paint clock from the frame's arrival. What remains is Chromium's own wait
 * for a display frame and its paint.
 */
export async function openSocketFloor(
  page: Page,
): Promise<{ send(text: string): void; close(): Promise<void> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  const connected = once(server, 'connection') as Promise<[HostSocket]>;
  await page.setContent(
    '<!doctype html><html><body><div class="feed"><ol class="messages"></ol></div></body></html>',
  );
  await page.evaluate(keepNamesShim);
  await page.evaluate(paintClock);
  await page.evaluate(
    (url) => {
      const list = document.querySelector('.messages');
      const socket = new WebSocket(url);
      socket.addEventListener('message', (event: MessageEvent<string>) => {
        const line = document.createElement('li');
        line.className = 'message-content';
        line.textContent = event.data;
        list?.append(line);
      });
    },
    `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
  );
  const [socket] = await connected;
  return {
    send: (text) => socket.send(text),
    close: async () => {
      socket.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
