import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { feedMessage, openTopic } from '../helpers/feedActions';
import type { TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';
import {
  hearthHost,
  joinChannel,
  modernZulip,
  type Channel,
  type TestServer,
} from '../helpers/serverKinds';

// Issue 52, point 10 in the window: a new user follows a topic (Zulip 8,
// feature level 219) from its recipient bar and from the sidebar, and an
// administrator files a channel in a folder (Zulip 11, feature levels 389
// and 414) from the channel's settings; the server holds each change.

const followedSince = 219;

describe.each([hearthHost, modernZulip])(
  'following a topic and filing a channel, on $name',
  (kind) => {
    let server: TestServer;
    let admin: TestUser;
    let denmark: Channel;
    let scotland: Channel;
    let gardenId: number;
    let ui: RendererPage;
    let page: Page;

    const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
    const topicActions = (topic: string) =>
      sidebar().getByRole('button', { name: 'Topic actions', description: topic });
    const folder = (name: string) =>
      sidebar().getByRole('list', { name: 'Channels' }).getByRole('list', { name, exact: true });
    const dialog = () => page.getByRole('dialog');
    /** The visibility policy the server keeps for the administrator's topic; 0 where it keeps none. */
    const policyOf = async (channel: Channel, topic: string): Promise<number> => {
      const registered = await server.api(admin)('POST', '/register', {
        fetch_event_types: JSON.stringify(['user_topic']),
      });
      const topics = registered.json.user_topics as {
        stream_id: number;
        topic_name: string;
        visibility_policy: number;
      }[];
      return (
        topics.find((each) => each.stream_id === channel.id && each.topic_name === topic)
          ?.visibility_policy ?? 0
      );
    };
    const folderOf = async (channel: Channel): Promise<number | null> => {
      const subscriptions = (await server.api(admin)('GET', '/users/me/subscriptions')).json
        .subscriptions as { stream_id: number; folder_id?: number | null }[];
      return subscriptions.find((stream) => stream.stream_id === channel.id)?.folder_id ?? null;
    };
    const openChannelSettings = async (channel: Channel) => {
      const row = sidebar().locator('li', {
        has: page.getByRole('button', { name: `# ${channel.name}` }),
      });
      await row.getByRole('button', { name: 'Channel actions' }).click();
      await page.getByRole('menuitem', { name: 'Channel settings…' }).click();
      await dialog().getByRole('combobox', { name: 'Folder' }).waitFor();
    };

    beforeAll(async () => {
      server = await kind.start();
      admin = server.admin;
      [denmark, scotland] = server.channels;
      for (const channel of server.channels) await joinChannel(server, admin, channel);
      const created = await server.api(admin)('POST', '/channel_folders/create', {
        name: 'Garden',
        description: 'Where things grow',
      });
      if (created.status !== 200) throw new Error(`folder: ${JSON.stringify(created.json)}`);
      gardenId = created.json.channel_folder_id as number;
      await server.send(server.other, denmark, 'ghosts', 'Something is rotten');
      ui = await openRendererPage(server, admin, { viewport: { width: 1100, height: 760 } });
      page = ui.page;
      await openTopic(page, denmark.name, 'ghosts');
      await feedMessage(page, 'Something is rotten').waitFor();
    });

    afterAll(async () => {
      await ui?.close();
      await server?.close();
    });

    it('follows a topic from its recipient bar and unfollows it from the sidebar', async () => {
      if (server.featureLevel < followedSince) {
        // A server without followed topics would refuse visibility_policy 3: nothing offers it.
        expect(await page.getByRole('button', { name: 'Follow topic' }).count()).toBe(0);
        await topicActions('ghosts').click();
        const menu = page.getByRole('menu', { name: 'Topic actions' });
        expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Delete topic…']);
        await page.keyboard.press('Escape');
        return;
      }
      await feedMessage(page, 'Something is rotten').hover();
      await page.getByRole('button', { name: 'Follow topic', exact: true }).first().click();
      await expect.poll(() => policyOf(denmark, 'ghosts')).toBe(3);
      // The sidebar and the recipient bar mark it followed, from the server's event.
      await sidebar().getByRole('button', { name: 'ghosts Followed' }).waitFor();
      await page.getByRole('button', { name: 'Unfollow topic' }).first().waitFor();
      await page.mouse.move(0, 0);
      await ui.screenshot(`e2e-followed-topic${server.screenshotSuffix}`);
      expect(await seriousViolationsInBothThemes(page, 'followed topic')).toEqual([]);

      // From the keyboard: the topic's menu offers unfollowing first.
      await topicActions('ghosts').focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Topic actions' });
      expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
        'Unfollow topic',
        'Delete topic…',
      ]);
      await ui.screenshot(`e2e-followed-topic-menu${server.screenshotSuffix}`);
      await page.keyboard.press('Enter');
      await expect.poll(() => policyOf(denmark, 'ghosts')).toBe(0);
      // Exact: a role's name matches as a part, and "Unfollow topic" holds "follow topic".
      await page.getByRole('button', { name: 'Follow topic', exact: true }).first().waitFor();
      expect(await sidebar().getByRole('button', { name: 'ghosts Followed' }).count()).toBe(0);
      expect(ui.pageErrors).toEqual([]);
    });

    it('files a channel in a folder from its settings, and takes it out again', async () => {
      await openChannelSettings(scotland);
      const choice = dialog().getByRole('combobox', { name: 'Folder' });
      expect(await choice.locator('option:checked').innerText()).toBe('None');
      await choice.selectOption({ label: 'Garden' });
      await ui.screenshot(`e2e-channel-folder${server.screenshotSuffix}`);
      expect(await seriousViolationsInBothThemes(page, 'channel folder choice')).toEqual([]);
      await dialog().getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => dialog().count()).toBe(0);
      await expect.poll(() => folderOf(scotland)).toBe(gardenId);
      // The sidebar files it under the folder from the server's event.
      await folder('Garden')
        .getByRole('button', { name: `# ${scotland.name}` })
        .waitFor();
      await ui.screenshot(`e2e-channel-folder-sidebar${server.screenshotSuffix}`);

      await openChannelSettings(scotland);
      expect(await choice.locator('option:checked').innerText()).toBe('Garden');
      await choice.selectOption({ label: 'None' });
      await dialog().getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => folderOf(scotland)).toBeNull();
      await expect.poll(() => folder('Garden').count()).toBe(0);
      expect(ui.pageErrors).toEqual([]);
    });
  },
);
