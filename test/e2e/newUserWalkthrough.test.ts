import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zulip, { type ZulipClient } from 'zulip-js';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { feedMessage } from '../helpers/feedActions';
import { startTestHearth } from '../helpers/hearth';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 52, point 10: someone who has just installed Hearth hosts an
// organization from the first-run form, then, in the window, writes to a
// channel's general chat, files a channel in a new folder, follows a topic and
// archives a channel. After each step zulip-js, unchanged from npm, reads
// what any Zulip 12 client would.

const owner = {
  name: 'Hana Harbour',
  email: 'hana@harbour.example',
  password: 'tides and ferries',
};

interface WireMessage {
  id: number;
  content: string;
  subject: string;
}

interface UserTopic {
  stream_id: number;
  topic_name: string;
  visibility_policy: number;
}

describe('a new user’s first hour on a hosted organization, as zulip-js sees it', () => {
  let ui: RendererPage;
  let page: Page;
  let serverUrl: string;
  let client: ZulipClient;

  const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
  const dialog = () => page.getByRole('dialog');
  const compose = () => page.getByRole('form', { name: 'Compose' });
  const openChannelSettings = async (name: string) => {
    await sidebar()
      .getByRole('button', { name: 'Channel actions', description: `# ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Channel settings…' }).click();
    await dialog().getByRole('combobox', { name: 'Folder' }).waitFor();
  };
  const createChannel = async (name: string) => {
    await sidebar().getByRole('button', { name: 'Browse channels' }).click();
    const form = page.getByRole('form', { name: 'Create a channel' });
    await form.getByLabel('Channel name').fill(name);
    await form.getByRole('button', { name: 'Create channel' }).click();
    await sidebar()
      .getByRole('button', { name: `# ${name}` })
      .waitFor();
  };
  const send = async (topic: string, content: string) => {
    await compose().getByRole('combobox', { name: 'Topic' }).fill(topic);
    await compose().getByRole('textbox', { name: 'Message' }).fill(content);
    await compose().getByRole('button', { name: 'Send' }).click();
    await page.locator('.message:not(.outbox-entry)', { hasText: content }).waitFor();
  };
  const streamIdOf = async (name: string): Promise<number> =>
    (await client.streams.getStreamId(name)).stream_id as number;

  beforeAll(async () => {
    ui = await openWindow(await startTestHearth({ secrets: createMemorySecretStore() }), {
      viewport: { width: 1100, height: 800 },
    });
    page = ui.page;
  });

  afterAll(async () => {
    await ui?.close();
  });

  it('hosts an organization from the first-run form, and zulip-js signs in to it with the password', async () => {
    await page.getByRole('textbox', { name: 'Organization name' }).fill('Harbour Office');
    await page.getByRole('textbox', { name: 'Your name' }).fill(owner.name);
    await page.getByRole('textbox', { name: 'Email' }).fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await ui.screenshot('walkthrough-1-host-form');
    await page.getByRole('button', { name: 'Host a new organization' }).click();
    // Creating the organization starts a host worker: over ten seconds on a busy machine.
    await sidebar().getByRole('button', { name: '# general' }).waitFor({ timeout: 30_000 });
    await page.getByText('Connecting…').waitFor({ state: 'detached' });

    const state = await ui.hearth.service.getAppState({});
    serverUrl = state.accounts.find((account) => account.hosted)?.serverUrl ?? '';
    client = await zulip({ username: owner.email, password: owner.password, realm: serverUrl });
    expect(await client.server.settings()).toMatchObject({
      result: 'success',
      zulip_version: '12.0',
      zulip_feature_level: 498,
      realm_name: 'Harbour Office',
    });
    expect(await client.users.me.getProfile()).toMatchObject({
      email: owner.email,
      full_name: owner.name,
      is_owner: true,
    });
    await ui.screenshot('walkthrough-1-hosted');
  });

  it('writes to general chat without a topic, which zulip-js reads as the empty topic', async () => {
    await sidebar().getByRole('button', { name: '# general' }).click();
    const topic = compose().getByRole('combobox', { name: 'Topic' });
    await compose().getByRole('textbox', { name: 'Message' }).click();
    await topic.fill('');
    expect(await topic.getAttribute('placeholder')).toBe('general chat');
    await send('', 'Welcome aboard, everyone');
    const bar = page.getByRole('button', { name: 'Go to topic general chat' }).first();
    expect(await bar.locator('.empty-topic').textContent()).toBe('general chat');
    // Zulip 8 (feature level 214): by default one follows the topics one starts.
    await sidebar().getByRole('button', { name: 'general chat Followed' }).waitFor();
    await ui.screenshot('walkthrough-2-general-chat');

    const newest = async (extra: Record<string, unknown>) =>
      (
        await client.messages.retrieve({
          anchor: 'newest',
          num_before: 5,
          num_after: 0,
          narrow: [{ operator: 'channel', operand: 'general' }],
          ...extra,
        })
      ).messages as WireMessage[];
    const welcome = (messages: WireMessage[]) =>
      messages.find((message) => message.content.includes('Welcome aboard'));
    // Zulip 10 (feature level 334): "" to clients that say they know it, its display name to the rest.
    expect(welcome(await newest({ allow_empty_topic_name: true }))?.subject).toBe('');
    expect(welcome(await newest({}))?.subject).toBe('general chat');
    expect(
      (await client.callEndpoint('/register', 'POST', { fetch_event_types: '["realm"]' }))
        .realm_empty_topic_display_name,
    ).toBe('general chat');
  });

  it('files a new channel in a new folder from its settings, as the subscription and folder list show', async () => {
    await createChannel('garden');
    await openChannelSettings('garden');
    // An organization starts with no folders: the owner makes one from the choice.
    const choice = dialog().getByRole('combobox', { name: 'Folder' });
    expect(await choice.locator('option').allInnerTexts()).toEqual(['None', 'New folder…']);
    await choice.selectOption({ label: 'New folder…' });
    await dialog().getByRole('textbox', { name: 'Name of the new folder' }).fill('Outdoors');
    await ui.screenshot('walkthrough-3-new-folder');
    expect(await seriousViolationsInBothThemes(page, 'new folder')).toEqual([]);
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await sidebar()
      .getByRole('list', { name: 'Outdoors', exact: true })
      .getByRole('button', { name: '# garden' })
      .waitFor();
    await ui.screenshot('walkthrough-3-folder-sidebar');

    const folders = (await client.callEndpoint('/channel_folders', 'GET')).channel_folders as {
      id: number;
      name: string;
    }[];
    expect(folders).toEqual([
      expect.objectContaining({ name: 'Outdoors', description: '', is_archived: false }),
    ]);
    const { subscriptions } = await client.streams.subscriptions.retrieve();
    expect(
      (subscriptions as { name: string; folder_id: number | null }[]).find(
        (subscription) => subscription.name === 'garden',
      )?.folder_id,
    ).toBe(folders[0]?.id);
  });

  it('follows a colleague’s topic from its recipient bar, as register’s user_topics shows', async () => {
    // A colleague the owner adds starts the topic: topics the owner starts are followed already.
    const colleague = { email: 'cato@harbour.example', password: 'nets and knots' };
    expect(await client.users.create({ ...colleague, full_name: 'Cato Cove' })).toMatchObject({
      result: 'success',
    });
    const asColleague = await zulip({
      username: colleague.email,
      password: colleague.password,
      realm: serverUrl,
    });
    await asColleague.users.me.subscriptions.add({ subscriptions: [{ name: 'garden' }] });
    await sidebar().getByRole('button', { name: '# garden' }).click();
    await asColleague.messages.send({
      type: 'stream',
      to: 'garden',
      topic: 'seedlings',
      content: 'The tomatoes are up',
    });
    await feedMessage(page, 'The tomatoes are up').hover();
    await page.getByRole('button', { name: 'Follow topic', exact: true }).first().click();
    await sidebar().getByRole('button', { name: 'seedlings Followed' }).waitFor();
    await page.getByRole('button', { name: 'Unfollow topic', exact: true }).first().waitFor();
    await page.mouse.move(0, 0);
    await ui.screenshot('walkthrough-4-followed-topic');

    const registered = await client.queues.register({ fetch_event_types: ['user_topic'] });
    const followed = (registered.user_topics as UserTopic[])
      .map(({ stream_id, topic_name, visibility_policy }) => ({
        stream_id,
        topic_name,
        visibility_policy,
      }))
      .sort((a, b) => a.stream_id - b.stream_id);
    // Zulip 8 (feature level 214): the topic the owner started in general chat was followed by
    // itself; a client without the empty_topic_name capability reads it by its display name.
    expect(followed).toEqual([
      { stream_id: await streamIdOf('general'), topic_name: 'general chat', visibility_policy: 3 },
      { stream_id: await streamIdOf('garden'), topic_name: 'seedlings', visibility_policy: 3 },
    ]);
    await client.queues.deregister({ queue_id: registered.queue_id });
  });

  it('archives a channel after asking, which the window and zulip-js list as archived only when asked to', async () => {
    await createChannel('attic');
    const atticId = await streamIdOf('attic');
    await openChannelSettings('attic');
    await dialog().getByRole('button', { name: 'Archive channel…' }).click();
    await dialog().getByRole('heading', { name: 'Archive #attic?' }).waitFor();
    await ui.screenshot('walkthrough-5-archive');
    await dialog().getByRole('button', { name: 'Archive', exact: true }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(() => sidebar().getByRole('button', { name: '# attic' }).count()).toBe(0);
    // Zulip 10 keeps an archived channel readable: the channel browser lists it under its filter.
    await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Archived channels' });
    await expect
      .poll(() =>
        page.getByRole('list', { name: 'All channels' }).getByRole('heading').allInnerTexts(),
      )
      .toEqual([expect.stringMatching(/^#attic\s*Archived$/)]);
    await ui.screenshot('walkthrough-5-archived');

    type Listed = { stream_id: number; is_archived: boolean };
    const listed = async (params: Record<string, unknown>) =>
      ((await client.streams.retrieve(params)).streams as Listed[]).find(
        (stream) => stream.stream_id === atticId,
      );
    // Zulip 10 (feature level 315): GET /streams leaves archived channels out unless exclude_archived is false.
    expect(await listed({ include_all: true })).toBeUndefined();
    expect(await listed({ include_all: true, exclude_archived: false })).toMatchObject({
      is_archived: true,
    });
    expect(ui.pageErrors).toEqual([]);
  });
});
