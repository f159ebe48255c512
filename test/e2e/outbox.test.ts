import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { joinWithKey, startTestHearth, testTuning } from '../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 13, point 7: a send the server refuses stays in the feed, marked
// failed with the server's reason, to retry, edit or discard.

let org: Org;
let alice: TestUser;
let window: RendererPage;

// A cable the test pulls: while pulled, every request fails, those under way
// too (the event queue's long-poll among them), so the window learns nothing.
const cable = { pulled: false, under: new Set<AbortController>() };
const throughCable: typeof fetch = async (input, init) => {
  if (cable.pulled) throw new TypeError('fetch failed');
  const unplug = new AbortController();
  cable.under.add(unplug);
  const signal = init?.signal ? AbortSignal.any([init.signal, unplug.signal]) : unplug.signal;
  try {
    return await fetch(input, { ...init, signal });
  } finally {
    cable.under.delete(unplug);
  }
};
const pullCable = () => {
  cable.pulled = true;
  for (const request of cable.under) request.abort(new TypeError('fetch failed'));
};

beforeAll(async () => {
  org = await startOrg();
  alice = await org.user('alice');
  const hearth = await startTestHearth({
    secrets: createMemorySecretStore(),
    tuning: { ...testTuning, fetch: throughCable },
  });
  await joinWithKey(hearth.app, org.url, alice);
  window = await openWindow(hearth, { imageOrigins: [org.url] });
});

afterAll(async () => {
  await window?.close();
  await org?.close();
});

describe('a message the server refuses', () => {
  it('shows as failed with the reason, and Edit puts it back in the compose box', async () => {
    const { page } = window;
    const created = await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'notices' }],
      principals: [alice.email, org.owner.email],
    });
    expect(created.status).toBe(200);
    await page.getByRole('button', { name: /# notices/ }).click();
    await page.getByRole('combobox', { name: 'Topic' }).fill('holidays');
    const text = 'The office is closed on Monday';
    await page.getByRole('textbox', { name: 'Message' }).fill(text);

    // Offline, Alice sends; meanwhile only administrators may post there now.
    pullCable();
    await page
      .getByRole('status')
      .getByText(/Offline/)
      .waitFor();
    const notices = (await org.api(org.owner)('GET', '/get_stream_id', { stream: 'notices' })).json
      .stream_id as number;
    // Zulip's "administrators only" posting policy.
    const restricted = await org.api(org.owner)('PATCH', `/streams/${notices}`, {
      stream_post_policy: 2,
    });
    expect(restricted.status).toBe(200);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.outbox-entry').waitFor();
    cable.pulled = false;

    // Polled as text, so that a run that misses it says what the entry shows instead.
    await expect
      .poll(() => page.locator('.outbox-entry').first().textContent(), { timeout: 20_000 })
      .toMatch(/Failed: You do not have permission to post in this channel\./);
    const failed = page.locator('.outbox-entry.failed');
    expect(await failed.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    expect(await failed.getByRole('button', { name: 'Discard' }).count()).toBe(1);
    await window.screenshot('outbox-failed');

    await failed.getByRole('button', { name: 'Edit' }).click();
    // Edit discards the entry in the main process first, so the box fills a round trip later.
    await expect.poll(() => page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(text);
    await expect(page.getByRole('combobox', { name: 'Topic' }).inputValue()).resolves.toBe(
      'holidays',
    );
    expect(await page.locator('.outbox-entry').count()).toBe(0);
    expect(window.pageErrors).toEqual([]);
  });
});
