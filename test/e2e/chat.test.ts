import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import zulip from 'zulip-js';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';
import { serverKinds, type Channel, type Person, type TestServer } from '../helpers/serverKinds';

interface ZulipEvent {
  id: number;
  type: string;
  message?: { content: string; sender_email: string; display_recipient: unknown; subject: string };
}

describe.each(serverKinds)(
  'a message travels from the UI to another client and back, on $name',
  (kind) => {
    let server: TestServer;
    let alice: Person;
    let bob: Person;
    let channel: Channel;
    let ui: RendererPage;
    let page: Page;

    beforeAll(async () => {
      server = await kind.start();
      ({ me: alice, other: bob } = server);
      [channel] = server.channels;
      await server.send(bob, channel, 'standup', 'Morning, all');
      ui = await openRendererPage(server, alice);
      page = ui.page;
    });

    afterAll(async () => {
      await ui?.close();
      await server?.close();
    });

    it("delivers alice's UI message to bob's event queue and shows bob's reply in alice's UI", async () => {
      const bobClient = await zulip({ username: bob.email, apiKey: bob.apiKey, realm: server.url });
      const queue = await bobClient.queues.register({
        event_types: ['message'],
        apply_markdown: 'true',
      });
      expect(queue.result).toBe('success');

      await page.locator('.message', { hasText: 'Morning, all' }).waitFor();
      expect(
        await page
          .getByRole('navigation', { name: 'Conversations' })
          .getByRole('button', { name: 'standup' })
          .count(),
      ).toBe(1);
      await page.getByRole('combobox', { name: 'Topic' }).fill('lunch');
      await page.getByRole('textbox', { name: 'Message' }).fill('Shall we eat at *noon*?');
      await page.getByRole('button', { name: 'Send' }).click();

      const received = await nextMessageEvent(bobClient, queue.queue_id, queue.last_event_id);
      expect(received.message).toMatchObject({
        sender_email: alice.email,
        display_recipient: channel.name,
        subject: 'lunch',
      });
      expect(received.message?.content).toBe('<p>Shall we eat at <em>noon</em>?</p>');

      const own = page.locator('.message', { hasText: 'Shall we eat at noon?' });
      await own.waitFor();
      expect(await own.locator('em').textContent()).toBe('noon');

      const reply = await bobClient.messages.send({
        type: 'stream',
        to: channel.name,
        topic: 'lunch',
        content: 'Noon works, **see you** there',
      });
      expect(reply.result).toBe('success');

      const shown = page.locator(`.message[data-message-id="${reply.id}"]`);
      await shown.waitFor();
      expect(await shown.locator('.sender').textContent()).toBe(bob.fullName);
      expect(await shown.locator('strong').textContent()).toBe('see you');
      expect(await page.locator('.message').count()).toBe(3);

      expect(ui.pageErrors).toEqual([]);
      await ui.screenshot(`e2e-chat${server.screenshotSuffix}`);
    });
  },
);

// zulip-js polls the way its own callOnEachEvent does: a blocking GET /events.
async function nextMessageEvent(
  client: Awaited<ReturnType<typeof zulip>>,
  queueId: string,
  lastEventId: number,
): Promise<ZulipEvent> {
  let last = lastEventId;
  for (;;) {
    const response = await client.events.retrieve({ queue_id: queueId, last_event_id: last });
    expect(response.result).toBe('success');
    const events = response.events as ZulipEvent[];
    const message = events.find((event) => event.type === 'message');
    if (message) return message;
    last = Math.max(last, ...events.map((event) => event.id));
  }
}
