import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 15, point 4: typing notifications are sent (POST /typing) and shown.

describe('typing notifications', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let gardenId: number;
  let ui: RendererPage;
  let page: Page;

  const notice = () => page.locator('.typing-notice');
  const typing = (op: 'start' | 'stop', params: Record<string, unknown>) =>
    org.api(bob)('POST', '/typing', { op, ...params });

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    for (const user of [alice, bob]) await org.subscribe(user, 'garden');
    gardenId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'garden' })).json.stream_id;
    await org.api(bob)('POST', '/messages', {
      type: 'stream',
      to: 'garden',
      topic: 'tomatoes',
      content: 'Red already',
    });
    ui = await openRendererPage(org, alice);
    page = ui.page;
    await page.getByRole('button', { name: '# garden' }).click();
    await page.getByRole('button', { name: 'Go to topic tomatoes' }).first().click();
    await page.locator('.message', { hasText: 'Red already' }).waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
  });

  it('shows who is typing in the topic shown, until they stop', async () => {
    const tomatoes = { type: 'stream', to: JSON.stringify([gardenId]), topic: 'tomatoes' };
    await typing('start', tomatoes);
    await expect.poll(() => notice().innerText()).toBe(`${bob.fullName} is typing…`);
    await ui.screenshot('e2e-typing');
    await typing('stop', tomatoes);
    await expect.poll(() => notice().innerText()).toBe('');
    // Typing in another topic is not shown here.
    await typing('start', { ...tomatoes, topic: 'beans' });
    await page.waitForTimeout(500);
    expect(await notice().innerText()).toBe('');
    await typing('stop', { ...tomatoes, topic: 'beans' });
  });

  it('shows who is typing in a private conversation', async () => {
    await page
      .getByRole('complementary', { name: /people/i })
      .getByRole('button', { name: new RegExp(bob.fullName) })
      .click();
    await page.locator('.conversation-header h1', { hasText: bob.fullName }).waitFor();
    await typing('start', { type: 'private', to: JSON.stringify([alice.id]) });
    await expect.poll(() => notice().innerText()).toBe(`${bob.fullName} is typing…`);
    await typing('stop', { type: 'private', to: JSON.stringify([alice.id]) });
    await expect.poll(() => notice().innerText()).toBe('');
  });

  it('tells the others when the user types, and when the message is sent', async () => {
    const queue = (
      await org.api(bob)('POST', '/register', { event_types: JSON.stringify(['typing']) })
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
          await org.api(bob)('GET', '/events', {
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
