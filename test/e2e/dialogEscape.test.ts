import { X509Certificate } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { fingerprintInLink } from '../../src-main/wire/fingerprint';
import { chooseMessageAction, feedMessage, openTopic } from '../helpers/feedActions';
import { joinWithKey, startTestHearth } from '../helpers/hearth';
import { issueCertificate, tlsFront } from '../helpers/network/testAuthority';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, openWindow, type RendererPage } from '../helpers/rendererPage';
import { postFiles, solidPng } from '../helpers/uploads';

// Issue 56, point 1: Escape in a dialog closes the dialog, and only that.
// Every <dialog> of the window is found in its source and opened as a person
// opens it, over a topic; a letter typed in it must not act behind it, and
// Escape must close it and leave the topic on screen. A dialog added to the
// source fails here until the recipes below say how a person opens it.

const rendererSource = 'src-renderer/src';

/** Each <dialog> element of the window's source, named by its file (and its place there, after the first). */
function dialogsInSource(): string[] {
  const files = readdirSync(rendererSource, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.svelte'))
    .sort();
  return files.flatMap((file) => {
    // Comments name <dialog> too ("A modal <dialog> is opened by a call").
    const code = readFileSync(join(rendererSource, file), 'utf8')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '');
    const count = code.match(/<dialog\b/g)?.length ?? 0;
    return Array.from({ length: count }, (_, at) =>
      at === 0 ? file : `${file}, dialog ${at + 1}`,
    );
  });
}

/** How a person opens one dialog. */
interface Recipe {
  /** The dialog's accessible name, which says the right one opened. */
  name: string | RegExp;
  /** A window of its own, showing the topic, where the dialog needs one; else the shared window. */
  window?: () => Promise<Page>;
  open(page: Page): Promise<void>;
}

describe('Escape in a dialog of the window', () => {
  let org: Org;
  let owner: TestUser;
  let bob: TestUser;
  let ui: RendererPage;
  let topicTitle: string;
  let peas: number;
  const closeAfter: { close(): Promise<void> }[] = [];

  const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });
  const title = (page: Page) => page.locator('.conversation-header h1').innerText();
  const choose = (page: Page, item: string) => page.getByRole('menuitem', { name: item }).click();
  const messageAction = (action: string) => (page: Page) =>
    chooseMessageAction(page, 'The beans need tall poles', action);

  /**
   * Where n goes from beans: peas, unread again on the server and so in the
   * window, since a window that opens on All messages reads it.
   */
  async function peasUnread(page: Page): Promise<void> {
    await org.api(owner)('POST', '/messages/flags', {
      messages: JSON.stringify([peas]),
      op: 'remove',
      flag: 'read',
    });
    await sidebar(page)
      .locator('.topic-link', { hasText: 'peas' })
      .locator('.unread-count')
      .waitFor();
  }

  /** A window of its own on a server whose certificate changes once it shows the topic. */
  async function windowOnChangedCertificate(): Promise<Page> {
    const first = await issueCertificate(['localhost'], null);
    const second = await issueCertificate(['localhost'], null);
    const front = await tlsFront(first, Number(new URL(org.url).port));
    closeAfter.push(front);
    const serverUrl = `https://localhost:${front.port}`;
    const fingerprint = new X509Certificate(first.certPem).fingerprint256;
    const hearth = await startTestHearth({
      secrets: createMemorySecretStore(),
      network: { env: {} },
    });
    await joinWithKey(
      hearth.app,
      `${serverUrl}/#fingerprint=${fingerprintInLink(fingerprint)}`,
      owner,
    );
    const window = await openWindow(hearth, { imageOrigins: [serverUrl] });
    closeAfter.push(window);
    await openTopic(window.page, 'garden', 'beans');
    await feedMessage(window.page, 'The beans need tall poles').waitFor();
    await peasUnread(window.page);
    front.present(second);
    await window.page
      .locator('.connection-banner')
      .getByRole('button', { name: 'Review certificate' })
      .waitFor({ timeout: 30_000 });
    return window.page;
  }

  // Keyed as dialogsInSource() names the dialogs; each way a person opens one is tried.
  const recipes: Record<string, Record<string, Recipe>> = {
    'components/Connection/CertificateDialog.svelte': {
      'from the banner of a server whose certificate changed': {
        name: /^The certificate of localhost:\d+ changed$/,
        window: windowOnChangedCertificate,
        open: (page) =>
          page
            .locator('.connection-banner')
            .getByRole('button', { name: 'Review certificate' })
            .click(),
      },
    },
    'components/Dialogs/ConfirmDialog.svelte': {
      'asking to delete a topic, from its menu in the sidebar': {
        name: 'Delete the topic “beans”?',
        open: async (page) => {
          await sidebar(page)
            .getByRole('button', { name: 'Topic actions', description: 'beans' })
            .click();
          await choose(page, 'Delete topic…');
        },
      },
      'asking to mute a user, from a message’s menu': {
        name: /^Mute /,
        open: messageAction('Mute this user'),
      },
      'asking to remove the account, from the organizations’ bar': {
        name: /^Remove /,
        open: async (page) => {
          const account = page.getByRole('navigation', { name: 'Organizations' }).locator('li');
          await account.hover();
          await account.getByRole('button', { name: 'Remove…' }).click();
        },
      },
    },
    'components/Feed/ImageLightbox.svelte': {
      'from a picture in a message': {
        name: 'tomato.png',
        open: (page) =>
          feedMessage(page, 'The first tomato').locator('.message_inline_image a').click(),
      },
    },
    'components/Feed/MessageDialogs.svelte': {
      'moving a message, from its menu': {
        name: 'Move message',
        open: messageAction('Move message…'),
      },
      'showing the edit history, from a message’s menu': {
        name: 'Edit history',
        open: messageAction('View edit history'),
      },
      'showing read receipts, from a message’s menu': {
        name: 'Read receipts',
        open: messageAction('Read receipts'),
      },
      'showing the source, from a message’s menu': {
        name: 'Message source',
        open: messageAction('View message source'),
      },
      'asking to delete a message, from its menu': {
        name: 'Delete this message?',
        open: messageAction('Delete message'),
      },
    },
    'components/Shortcuts/ShortcutHelp.svelte': {
      'from the ? key': {
        name: 'Keyboard shortcuts',
        open: async (page) => {
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          await page.keyboard.press('?');
        },
      },
    },
    'components/Status/SetStatusDialog.svelte': {
      'from the personal menu': {
        name: 'Set status',
        open: async (page) => {
          await sidebar(page)
            .getByRole('button', { name: new RegExp(`^${owner.fullName}`) })
            .click();
          await choose(page, 'Set status…');
        },
      },
    },
    'components/Streams/StreamAdminDialog.svelte': {
      'from a channel’s menu in the sidebar': {
        name: 'Settings of #garden',
        open: async (page) => {
          await sidebar(page)
            .locator('li', { has: page.getByRole('button', { name: '# garden' }) })
            .getByRole('button', { name: 'Channel actions' })
            .click();
          await choose(page, 'Channel settings…');
        },
      },
    },
  };

  /** Opens the dialog, types a shortcut's letter and Escape: the dialog closes, and the topic stays. */
  async function escapeClosesOnly(recipe: Recipe): Promise<void> {
    const page = recipe.window ? await recipe.window() : ui.page;
    await peasUnread(page);
    const before = await title(page);
    await recipe.open(page);
    const dialog = page.getByRole('dialog', { name: recipe.name });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText('Loading…').count()).toBe(0);
    // n goes to the next unread topic from anywhere but a field or a dialog.
    await page.keyboard.press('n');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    // A step back to All messages would show once main answers, well within this.
    await page.waitForTimeout(500);
    expect(await title(page)).toBe(before);
  }

  beforeAll(async () => {
    org = await startOrg();
    owner = org.owner;
    bob = await org.user('bob');
    for (const user of [owner, bob]) await org.subscribe(user, 'garden');
    const poles = await org.sendStream(bob, 'garden', 'beans', 'The beans need poles');
    await org.api(bob)('PATCH', `/messages/${poles}`, { content: 'The beans need tall poles' });
    const upload = await postFiles(org, bob, 'POST', '/user_uploads', [
      { name: 'tomato', data: solidPng(40, [200, 60, 40]) },
    ]);
    await org.sendStream(
      bob,
      'garden',
      'beans',
      `The first tomato: [tomato.png](${String(upload.json.url)})`,
    );
    peas = await org.sendStream(bob, 'garden', 'peas', 'Peas go in early');
    ui = await openRendererPage(org, owner, { viewport: { width: 1100, height: 800 } });
    await openTopic(ui.page, 'garden', 'beans');
    await feedMessage(ui.page, 'The first tomato').waitFor();
    topicTitle = await title(ui.page);
  });

  // What a failing recipe leaves, a dialog open or another view, is not the next one's failure.
  afterEach(async () => {
    await ui.page.evaluate(() => {
      for (const dialog of document.querySelectorAll('dialog')) dialog.close();
    });
    if ((await title(ui.page)) !== topicTitle) await openTopic(ui.page, 'garden', 'beans');
  });

  afterAll(async () => {
    for (const opened of closeAfter.reverse()) await opened.close();
    await ui?.close();
    await org?.close();
  });

  const dialogs = dialogsInSource();

  for (const dialog of dialogs) {
    const ways = recipes[dialog];
    if (!ways) {
      it(`knows how a person opens ${dialog}`, () => {
        expect.fail(`${dialog} has a <dialog> this test cannot open yet: add a recipe for it`);
      });
      continue;
    }
    for (const [how, recipe] of Object.entries(ways)) {
      it(
        `Escape closes ${dialog} (${how}) and nothing else`,
        () => escapeClosesOnly(recipe),
        90_000,
      );
    }
  }

  it('has recipes only for dialogs the source holds', () => {
    expect(Object.keys(recipes).filter((dialog) => !dialogs.includes(dialog))).toEqual([]);
  });
});
