import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';
import { serverKinds, type Channel, type Person, type TestServer } from '../helpers/serverKinds';

// Issue 15, point 4: typing notifications are sent (POST /typing) and shown.

describe.each(serverKinds)('typing notifications, on $name', (kind) => {
  let server: TestServer;
  let alice: Person;
  let bob: Person;
  let garden: Channel;
  let ui: RendererPage;
  let page: Page;

  const notice = () => page.locator('.typing-notice');
  const typing = (op: 'start' | 'stop', params: Record<string, unknown>) =>
    server.api(bob)('POST', '/typing', { op, ...params });
  // Bob's client says where he types as his server asks: by the channel's ID from feature level 215.
  const inTopic = (topic: string) =>
    server.featureLevel >= 215
      ? { type: 'stream', stream_id: garden.id, topic }
      : { type: 'stream', to: JSON.stringify([garden.id]), topic };
  const directType = () => (server.featureLevel >= 174 ? 'direct' : 'private');

  beforeAll(async () => {
    server = await kind.start();
    alice = server.me;
    bob = server.other;
    garden = server.channels[0];
    await server.send(bob, garden, 'tomatoes', 'Red already');
    ui = await openRendererPage(server, alice);
    page = ui.page;
    await page.getByRole('button', { name: `# ${garden.name}` }).click();
    await page.getByRole('button', { name: 'Go to topic tomatoes' }).first().click();
    await page.locator('.message', { hasText: 'Red already' }).waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await server?.close();
  });

  it('shows who is typing in the topic shown, until they stop', async () => {
    const tomatoes = inTopic('tomatoes');
    await typing('start', tomatoes);
    await expect.poll(() => notice().innerText()).toBe(`${bob.fullName} is typing…`);
    await ui.screenshot('e2e-typing');
    await typing('stop', tomatoes);
    await expect.poll(() => notice().innerText()).toBe('');
    // Typing in another topic is not shown here.
    await typing('start', inTopic('beans'));
    await page.waitForTimeout(500);
    expect(await notice().innerText()).toBe('');
    await typing('stop', inTopic('beans'));
  });

  it('shows who is typing in a private conversation', async () => {
    await page
      .getByRole('complementary', { name: /people/i })
      .getByRole('button', { name: new RegExp(bob.fullName) })
      .click();
    await page.locator('.conversation-header h1', { hasText: bob.fullName }).waitFor();
    const toAlice = { type: directType(), to: JSON.stringify([alice.id]) };
    await typing('start', toAlice);
    await expect.poll(() => notice().innerText()).toBe(`${bob.fullName} is typing…`);
    await typing('stop', toAlice);
    await expect.poll(() => notice().innerText()).toBe('');
  });

  it('tells the others when the user types, and when the message is sent', async () => {
    const queue = (
      await server.api(bob)('POST', '/register', { event_types: JSON.stringify(['typing']) })
    ).json;
    const text = page.getByRole('form', { name: 'Compose' }).getByRole('textbox', {
      name: 'Message',
    });
    await text.pressSequentially('On my way');
    await text.press('Control+Enter');
    const ops: string[] = [];
    let lastEventId = queue.last_event_id as number;
    await expect
      .poll(async () => {
        const events = (
          await server.api(bob)('GET', '/events', {
            queue_id: queue.queue_id,
            last_event_id: lastEventId,
            dont_block: true,
          })
        ).json.events as { id: number; type: string; op: string; sender: { user_id: number } }[];
        for (const event of events) {
          lastEventId = Math.max(lastEventId, event.id);
          if (event.type === 'typing' && event.sender.user_id === alice.id) ops.push(event.op);
        }
        return ops;
      })
      .toEqual(['start', 'stop']);
    expect(ui.pageErrors).toEqual([]);
  });
});
