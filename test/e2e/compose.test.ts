import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 15, point 4: the compose box completes mentions, stream and topic
// links and emoji, previews through the server, says what is too long before
// sending, and follows Zulip's enter_sends setting.

describe('the compose box', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let alfred: TestUser;
  let ui: RendererPage;
  let page: Page;
  /** While set, main's answers to sendMessage wait here until the test lets them through. */
  let heldSends: (() => void)[] | null = null;

  const compose = () => page.getByRole('form', { name: 'Compose' });
  const text = () => compose().getByRole('textbox', { name: 'Message' });
  const completions = () => compose().getByRole('listbox');
  const feed = () => page.getByRole('list', { name: 'Messages' });

  /** alice's newest message on the server, as written. */
  const lastSent = async (): Promise<string> =>
    (
      await org.api(alice)('GET', '/messages', {
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        narrow: [{ operator: 'sender', operand: alice.email }],
        apply_markdown: false,
      })
    ).json.messages[0]?.content;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    alfred = await org.user('alfred');
    for (const user of [alice, bob]) await org.subscribe(user, 'garden');
    await org.api(bob)('POST', '/messages', {
      type: 'stream',
      to: 'garden',
      topic: 'tomatoes',
      content: 'Red already',
    });
    ui = await openRendererPage(org, alice, { beforeLoad: holdSendAnswers });
    page = ui.page;
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: '# garden' })
      .click();
    await feed().locator('.message', { hasText: 'Red already' }).waitFor();
    await compose().getByRole('combobox', { name: 'Topic' }).fill('tomatoes');
  });

  /** Sits between the window and main, so a test can make main slow to answer a send. */
  async function holdSendAnswers(target: Page): Promise<void> {
    await target.routeWebSocket(/./, (window) => {
      const main = window.connectToServer();
      const sends = new Set<number>();
      window.onMessage((frame) => {
        const request = JSON.parse(String(frame)) as { id?: number; method?: string };
        if (heldSends && request.method === 'sendMessage' && request.id !== undefined) {
          sends.add(request.id);
        }
        main.send(frame);
      });
      main.onMessage((frame) => {
        const answer = JSON.parse(String(frame)) as { id?: number };
        const held = heldSends;
        if (held && answer.id !== undefined && sends.delete(answer.id)) {
          held.push(() => window.send(frame));
        } else window.send(frame);
      });
    });
  }

  afterAll(async () => {
    await ui?.close();
    await org?.close();
  });

  it('completes a mention of a person, offers the wildcards, and leaves them out of a silent one', async () => {
    await text().fill('');
    await text().pressSequentially('Thanks @bo');
    await expect
      .poll(() => completions().getByRole('option').allInnerTexts())
      .toEqual([expect.stringContaining(bob.fullName)]);
    await ui.screenshot('e2e-compose-mention');
    await text().press('Enter');
    await expect.poll(() => text().inputValue()).toBe(`Thanks @**${bob.fullName}** `);

    await text().pressSequentially('and @al');
    await expect
      .poll(() => completions().getByRole('option').allInnerTexts())
      .toEqual([expect.stringContaining(alfred.fullName), expect.stringMatching(/^all/)]);
    await text().press('ArrowDown');
    await text().press('Tab');
    await expect.poll(() => text().inputValue()).toBe(`Thanks @**${bob.fullName}** and @**all** `);

    await text().pressSequentially('@_a');
    await expect
      .poll(() => completions().getByRole('option').allInnerTexts())
      .toEqual([expect.stringContaining(alfred.fullName)]);
    await text().press('Escape');
    await expect.poll(() => completions().isHidden()).toBe(true);

    await text().fill(`Thanks @**${bob.fullName}**`);
    await text().press('Control+Enter');
    await expect.poll(lastSent).toBe(`Thanks @**${bob.fullName}**`);
    const bobsView = await org.api(bob)('GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
    });
    expect(bobsView.json.messages[0].flags).toContain('mentioned');
  });

  it('completes a stream, then a topic of it, and an emoji by name', async () => {
    await text().fill('');
    await text().pressSequentially('See #gar');
    await expect.poll(() => completions().getByRole('option').allInnerTexts()).toEqual(['#garden']);
    await text().press('Enter');
    await expect.poll(() => text().inputValue()).toBe('See #**garden** ');

    await text().fill('See #**garden>tom');
    await text().press('End');
    await expect
      .poll(() => completions().getByRole('option').allInnerTexts())
      .toEqual([expect.stringContaining('tomatoes')]);
    await text().press('Enter');
    await expect.poll(() => text().inputValue()).toBe('See #**garden>tomatoes** ');

    await text().pressSequentially('so :hear');
    await expect
      .poll(() => completions().getByRole('option').allInnerTexts())
      .toEqual(expect.arrayContaining([expect.stringContaining(':heart_eyes:')]));
    // The name typed comes first, and an emoji comes once under its best-fitting name.
    const offered = await completions().getByRole('option').allInnerTexts();
    expect(offered[0]).toContain(':heart:');
    expect(offered.some((name) => name.includes(':red_heart:'))).toBe(false);
    expect(offered.length).toBeLessThanOrEqual(8);
    await ui.screenshot('e2e-compose-emoji');
    await text().press('Enter');
    await expect.poll(() => text().inputValue()).toBe('See #**garden>tomatoes** so :heart: ');
    // A time is not an emoji.
    await text().pressSequentially('at 10:30');
    await expect.poll(() => completions().isHidden()).toBe(true);
  });

  it('previews the message as the server renders it, and goes back to editing it', async () => {
    await text().fill('Plant **deep**, water @**all** of them :heart:');
    await compose().getByRole('button', { name: 'Preview' }).click();
    const preview = compose().getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.locator('strong').innerText()).toBe('deep');
    await expect.poll(() => preview.locator('.user-mention').innerText()).toBe('@all');
    // The server names the emoji; the window draws it with the system's emoji font, in colour.
    await expect.poll(() => preview.locator('.emoji').innerText()).toBe('❤\ufe0f');
    await ui.screenshot('e2e-compose-preview');
    await compose().getByRole('button', { name: 'Edit' }).click();
    await expect
      .poll(() => text().inputValue())
      .toBe('Plant **deep**, water @**all** of them :heart:');
  });

  it('says a message or a topic is too long before sending, and will not send it', async () => {
    await text().fill('a'.repeat(9_500));
    await expect.poll(() => compose().getByRole('status').innerText()).toBe('500 bytes left.');
    await text().fill('é'.repeat(5_001));
    await expect
      .poll(() => compose().getByRole('alert').innerText())
      .toBe('The message is too long: 10,002 bytes, at most 10,000.');
    expect(await compose().getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await text().press('Control+Enter');
    await text().fill('Short again');
    const topic = compose().getByRole('combobox', { name: 'Topic' });
    await topic.fill('t'.repeat(61));
    await expect
      .poll(() => compose().getByRole('alert').innerText())
      .toBe('The topic is too long: 61 characters, at most 60.');
    expect(await compose().getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await topic.fill('tomatoes');
    expect(await lastSent()).toBe(`Thanks @**${bob.fullName}**`);
  });

  it('adds a line on Enter unless the enter_sends setting is on, which the box turns on', async () => {
    await text().fill('First line');
    await text().press('Enter');
    await text().pressSequentially('second line');
    await expect.poll(() => text().inputValue()).toBe('First line\nsecond line');

    await compose().getByRole('checkbox', { name: 'Enter sends' }).check();
    await expect
      .poll(
        async () => (await org.api(alice)('POST', '/register', {})).json.user_settings.enter_sends,
      )
      .toBe(true);
    await expect
      .poll(() => text().getAttribute('placeholder'))
      .toMatch(/^Write a message: Enter sends/);
    await text().press('Enter');
    await expect.poll(lastSent).toBe('First line\nsecond line');
    await expect.poll(() => text().inputValue()).toBe('');
    await compose().getByRole('checkbox', { name: 'Enter sends' }).uncheck();
  });

  it('empties as the message is sent, so what is typed next is kept whenever main answers', async () => {
    const held: (() => void)[] = [];
    heldSends = held;
    await text().fill('Watered at dawn');
    await text().press('Control+Enter');
    await expect.poll(lastSent).toBe('Watered at dawn');
    // main's answer reaches this test through Playwright's route after the
    // server has the message, so it is waited for, not assumed already here.
    await expect.poll(() => held.length).toBe(1);
    await expect.poll(() => text().inputValue()).toBe('');
    await text().pressSequentially('and at dusk');
    heldSends = null;
    for (const answer of held) answer();
    await feed().locator('.message', { hasText: 'Watered at dawn' }).waitFor();
    expect(await text().inputValue()).toBe('and at dusk');
    expect(ui.pageErrors).toEqual([]);
  });
});
