import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseMessageAction, openTopic } from '../helpers/feedActions';
import { startTestHearth } from '../helpers/hearth';
import { hostHarbourOffice } from '../helpers/hostFromWindow';
import { occupyPort, portOf, release } from '../helpers/https';
import { startOrg, type Org } from '../helpers/org';
import { openRendererPage, openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 56, point 2: every form of the window checks its own fields before
// it calls main and says beside each, in plain words, what is missing or
// wrong. Each form below is sent empty and with one bad value; the words of
// the bridge's validation never reach the person, and main never has to
// refuse a call's arguments.

const components = new URL('../../src-renderer/src/components', import.meta.url).pathname;
const bridgeWords = ['invalid arguments', '✖', 'expected string'];

const missing = 'Fill in this field.';
const notAnEmail = 'Enter an email address, such as name@example.com.';
const notAWebAddress = 'Enter a web address that starts with https:// or http://.';
const atMost = (max: string) => `Use at most ${max} characters.`;

/** Each `<form` of the window's components, named by its file, once per form the file holds. */
async function formsInTheWindow(): Promise<string[]> {
  const entries = await readdir(components, { recursive: true, withFileTypes: true });
  const forms: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.svelte')) continue;
    const path = join(entry.parentPath, entry.name);
    const count = (await readFile(path, 'utf8')).split('<form').length - 1;
    for (let form = 0; form < count; form += 1) forms.push(relative(components, path));
  }
  return forms.sort();
}

/** The field is marked wrong and says `message` beside it, as its description. */
async function expectSaid(field: Locator, message: string): Promise<void> {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const page = field.page();
  const said = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  expect(said).toContain(message);
}

async function expectFine(field: Locator): Promise<void> {
  expect(await field.getAttribute('aria-invalid')).not.toBe('true');
}

/**
 * A value longer than the field lets anyone type, as a script or a paste
 * tool might leave it: the form's own check still stands behind `maxlength`.
 */
async function setBeyondLimit(field: Locator, length: number): Promise<void> {
  await field.evaluate((element: HTMLInputElement | HTMLTextAreaElement, text: string) => {
    element.value = text;
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }, 'x'.repeat(length));
}

/** Main's answers that refused a call's arguments. */
function watchRefusals(page: Page, refusals: string[]): void {
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      const frame = String(payload);
      if (frame.includes('invalid arguments')) refusals.push(frame.slice(0, 300));
    });
  });
}

async function expectNoBridgeWords(page: Page, refusals: string[]): Promise<void> {
  const shown = await page.locator('body').innerText();
  expect(bridgeWords.filter((word) => shown.includes(word))).toEqual([]);
  expect(refusals).toEqual([]);
}

interface Recipe {
  /** The form's file under src-renderer/src/components. */
  form: string;
  /** What it is sent with. */
  does: string;
  run(page: Page): Promise<void>;
}

let org: Org;
const newcomerRefusals: string[] = [];
const ownerRefusals: string[] = [];
let newcomer: RendererPage | undefined;
let owner: RendererPage | undefined;

beforeAll(async () => {
  org = await startOrg();
  const alice = await org.user('alice');
  await org.user('bob');
  await org.api(org.owner)('POST', '/users/me/subscriptions', {
    subscriptions: [{ name: 'kitchen' }],
  });
  await org.sendStream(org.owner, 'kitchen', 'soup', 'Stir the soup');
  await org.sendStream(org.owner, 'kitchen', 'chores', '/todo');
  await org.api(org.owner)('POST', '/realm/filters', {
    pattern: '#(?P<id>[0-9]+)',
    url_template: 'https://tracker.example.com/{id}',
  });
  for (const name of ['Support', 'Night shift']) {
    await org.api(org.owner)('POST', '/user_groups/create', {
      name,
      description: '',
      members: [alice.id],
    });
  }
}, 60_000);

afterAll(async () => {
  await newcomer?.close();
  await owner?.close();
  await org?.close();
});

const hostingPanel = (page: Page) => page.locator('.hosting-view');
const hostingSection = (page: Page, heading: string) =>
  hostingPanel(page).locator('section', {
    has: page.getByRole('heading', { name: heading, exact: true }),
  });

// A person new to Hearth: the first-run forms, then the Hosting page of the
// organization they host.
const newcomerRecipes: Recipe[] = [
  {
    form: 'Onboarding/HostOrganizationForm.svelte',
    does: 'empty, then with an email without its @',
    async run(page) {
      const form = page.getByRole('form', { name: 'Host a new organization on this computer' });
      const submit = form.getByRole('button', { name: 'Host a new organization' });
      const email = form.getByRole('textbox', { name: 'Email' });
      await submit.click();
      await expectSaid(form.getByRole('textbox', { name: 'Organization name' }), missing);
      await expectSaid(form.getByRole('textbox', { name: 'Your name' }), missing);
      await expectSaid(email, missing);
      await expectSaid(form.getByLabel('Password'), missing);
      await form.getByRole('textbox', { name: 'Organization name' }).fill('Harbour Office');
      await form.getByRole('textbox', { name: 'Your name' }).fill('Hana Harbour');
      await email.fill('hana');
      await form.getByLabel('Password').fill('tides and ferries');
      await submit.click();
      await expectSaid(email, notAnEmail);
      await expectFine(form.getByRole('textbox', { name: 'Organization name' }));
    },
  },
  {
    form: 'Onboarding/JoinOrganizationForm.svelte',
    does: 'empty, then checked and empty, then with an email without its @',
    async run(page) {
      const form = page.getByRole('form', { name: 'Join an organization' });
      const address = form.getByRole('textbox', { name: 'Server URL' });
      await form.getByRole('button', { name: 'Check server' }).click();
      await expectSaid(address, missing);
      await address.fill(org.url);
      await form.getByRole('button', { name: 'Check server' }).click();
      const join = form.getByRole('button', { name: 'Join', exact: true });
      await join.click();
      const email = form.getByRole('textbox', { name: 'Email' });
      await expectSaid(email, missing);
      await expectSaid(form.getByLabel('Password'), missing);
      await email.fill('alice');
      await form.getByLabel('Password').fill('correct horse');
      await join.click();
      await expectSaid(email, notAnEmail);
      await page.getByRole('button', { name: 'Host one here instead' }).click();
      // Hosting brings the owner's window, and its Hosting page, to the forms below.
      await hostHarbourOffice(page);
      await page.getByRole('button', { name: 'Hosting', exact: true }).click();
    },
  },
  {
    form: 'Hosting/NetworkExposureForm.svelte',
    does: 'with no port, then with one out of range',
    async run(page) {
      const panel = hostingPanel(page);
      await panel.getByRole('checkbox', { name: 'Let others on my network join' }).check();
      const port = panel.getByRole('spinbutton', { name: 'port' });
      await port.fill('');
      await expectSaid(port, 'The port is a whole number from 1 to 65535.');
      await port.fill('70000');
      await panel.getByRole('button', { name: 'Apply' }).click();
      await expectSaid(port, 'The port is a whole number from 1 to 65535.');
      // The public name's forms ask for the network first.
      const free = await occupyPort('0.0.0.0');
      const freePort = portOf(free);
      await release(free);
      await port.fill(String(freePort));
      await panel.getByRole('button', { name: 'Apply' }).click();
      await hostingSection(page, 'A certificate phones trust')
        .locator('form')
        .waitFor({ timeout: 30_000 });
    },
  },
  {
    form: 'Hosting/AcmeNameForm.svelte',
    does: 'empty, then with a name outside any domain',
    async run(page) {
      const form = hostingSection(page, 'A certificate phones trust').locator('form');
      const name = form.getByRole('textbox', { name: 'Name', exact: true });
      await form.getByRole('button', { name: 'Get the certificate' }).click();
      await expectSaid(name, missing);
      await expectSaid(form.getByRole('textbox', { name: 'DNS server' }), missing);
      await expectSaid(form.getByRole('textbox', { name: 'TSIG key name' }), missing);
      await expectSaid(form.getByLabel('TSIG secret'), missing);
      await name.fill('phones');
      await form.getByRole('textbox', { name: 'DNS server' }).fill('127.0.0.1:53');
      await form.getByRole('textbox', { name: 'TSIG key name' }).fill('office');
      await form.getByLabel('TSIG secret').fill('c2VjcmV0');
      await form.getByRole('button', { name: 'Get the certificate' }).click();
      await expectSaid(name, 'Enter a name in a domain, such as chat.example.com.');
      await expectFine(form.getByRole('textbox', { name: 'DNS server' }));
    },
  },
  {
    form: 'Hosting/OwnCertificateForm.svelte',
    does: 'empty, then with text that is no PEM',
    async run(page) {
      const section = hostingSection(page, 'A certificate phones trust');
      await section.getByRole('radio', { name: 'Your own certificate' }).check();
      const form = section.locator('form');
      const certificate = form.getByRole('textbox', { name: 'Certificate (PEM)' });
      const key = form.getByRole('textbox', { name: 'Private key (PEM)' });
      await form.getByRole('button', { name: 'Use this certificate' }).click();
      await expectSaid(certificate, missing);
      await expectSaid(key, missing);
      await certificate.fill('my certificate');
      await key.fill('-----BEGIN PRIVATE KEY-----');
      await form.getByRole('button', { name: 'Use this certificate' }).click();
      await expectSaid(
        certificate,
        'Paste the PEM text, which starts with -----BEGIN, or choose its file.',
      );
      await expectFine(key);
    },
  },
  {
    form: 'Hosting/PushServiceForm.svelte',
    does: 'empty with the terms accepted, then with an address without its scheme',
    async run(page) {
      const form = hostingSection(page, 'Mobile notifications').locator('form');
      const address = form.getByRole('textbox', { name: 'Service address' });
      const email = form.getByRole('textbox', { name: 'Contact email' });
      await form.getByRole('checkbox', { name: /I accept the service’s terms/ }).check();
      await form.getByRole('button', { name: 'Register', exact: true }).click();
      await expectSaid(address, missing);
      await expectSaid(email, missing);
      await address.fill('push.example.com');
      await email.fill('hana@harbour.example');
      await form.getByRole('button', { name: 'Register', exact: true }).click();
      await expectSaid(address, notAWebAddress);
      await expectFine(email);
    },
  },
  {
    form: 'Hosting/AllowedHostsPanel.svelte',
    does: 'empty, then with a web address where a host name goes',
    async run(page) {
      const form = hostingSection(page, 'Names this host answers to').locator('form');
      const name = form.getByRole('textbox', { name: 'Name or address' });
      await form.getByRole('button', { name: 'Add name', exact: true }).click();
      await expectSaid(name, missing);
      await name.fill('https://chat.harbour.example/');
      await form.getByRole('button', { name: 'Add name', exact: true }).click();
      await expectSaid(
        name,
        '“https://chat.harbour.example/” is not a host name or address. Give a name such as chat.example.com, or an address such as 192.0.2.10.',
      );
    },
  },
];

const settingsTab = async (page: Page, name: string) => {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('tab', { name, exact: true }).click();
  return page.getByRole('tabpanel', { name, exact: true });
};
const groupCard = (page: Page, name: string) =>
  page.getByRole('region', { name, exact: true }).filter({ has: page.getByRole('list') });
const openGroups = async (page: Page) => {
  await page.getByRole('button', { name: 'Groups', exact: true }).click();
  await page.getByRole('heading', { name: /^Groups \(/ }).waitFor();
};
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });

// The organization's owner, who sees every form a member or an administrator does.
const ownerRecipes: Recipe[] = [
  {
    form: 'Compose/ComposeBox.svelte',
    does: 'empty, then with a topic longer than the server takes',
    async run(page) {
      await sidebar(page).getByRole('button', { name: '# kitchen' }).click();
      const compose = page.getByRole('form', { name: 'Compose' });
      // As Zulip's: nothing to send is no message to write, and Send waits for one.
      expect(await compose.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
      const topic = compose.getByRole('combobox', { name: 'Topic' });
      await topic.fill('t'.repeat(61));
      await compose.getByRole('textbox', { name: 'Message' }).fill('Hello');
      await expect
        .poll(() => compose.locator('.length').innerText())
        .toBe('The topic is too long: 61 characters, at most 60.');
      expect(await compose.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
      await topic.fill('');
      await compose.getByRole('textbox', { name: 'Message' }).fill('');
    },
  },
  {
    form: 'Feed/MessageEditor.svelte',
    does: 'with the message emptied, then longer than the server takes',
    async run(page) {
      await openTopic(page, 'kitchen', 'soup');
      await chooseMessageAction(page, 'Stir the soup', 'Edit message');
      const editor = page.getByRole('form', { name: 'Edit message' });
      const text = editor.getByRole('textbox', { name: 'Message' });
      await text.fill('');
      await editor.getByRole('button', { name: 'Save' }).click();
      await expectSaid(text, missing);
      await text.fill('x'.repeat(10_001));
      await editor.getByRole('button', { name: 'Save' }).click();
      await expectSaid(text, atMost('10,000'));
      await editor.getByRole('button', { name: 'Cancel' }).click();
    },
  },
  {
    form: 'Feed/MoveMessageForm.svelte',
    does: 'with a topic longer than the server takes',
    async run(page) {
      await chooseMessageAction(page, 'Stir the soup', 'Move message…');
      const dialog = page.getByRole('dialog', { name: 'Move message' });
      const topic = dialog.getByRole('textbox', { name: 'Topic' });
      // Where the channel allows it, an empty topic is general chat: no problem to say.
      await setBeyondLimit(topic, 61);
      await dialog.getByRole('button', { name: 'Move', exact: true }).click();
      await expectSaid(topic, atMost('60'));
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    },
  },
  {
    form: 'Widgets/AddItemForm.svelte',
    does: 'empty, then longer than the server takes',
    async run(page) {
      await openTopic(page, 'kitchen', 'chores');
      const todo = page.getByRole('region', { name: 'To-do list' });
      const task = todo.getByRole('textbox', { name: 'Add task' });
      await todo.getByRole('button', { name: 'Add task' }).click();
      await expectSaid(task, missing);
      await setBeyondLimit(task, 1001);
      await todo.getByRole('button', { name: 'Add task' }).click();
      await expectSaid(task, atMost('1,000'));
      await task.fill('');
    },
  },
  {
    form: 'Status/SetStatusDialog.svelte',
    does: 'with a status longer than Zulip keeps (empty clears it)',
    async run(page) {
      await page.getByRole('button', { name: new RegExp(`^${org.owner.fullName}`) }).click();
      await page.getByRole('menuitem', { name: 'Set status…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Set status' });
      const text = dialog.getByRole('textbox', { name: 'Status text' });
      await text.fill('s'.repeat(61));
      await expectSaid(text, '1 character too many: a status holds 60');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    },
  },
  {
    form: 'Shortcuts/ShortcutHelp.svelte',
    does: 'as it is: it has no field, only Close',
    async run(page) {
      await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.getByRole('button', { name: 'Close' }).click();
      await help.waitFor({ state: 'hidden' });
    },
  },
  {
    form: 'Streams/CreateStreamForm.svelte',
    does: 'empty, then with a name longer than Zulip takes',
    async run(page) {
      await sidebar(page).getByRole('button', { name: 'Browse channels' }).click();
      const form = page.getByRole('form', { name: 'Create a channel' });
      const name = form.getByLabel('Channel name');
      await form.getByRole('button', { name: 'Create channel' }).click();
      await expectSaid(name, missing);
      await setBeyondLimit(name, 61);
      await form.getByRole('button', { name: 'Create channel' }).click();
      await expectSaid(name, atMost('60'));
      await name.fill('');
    },
  },
  {
    form: 'Streams/StreamAdminDialog.svelte',
    does: 'with the name emptied, then longer than Zulip takes',
    async run(page) {
      await sidebar(page)
        .locator('li', { has: page.getByRole('button', { name: '# kitchen' }) })
        .getByRole('button', { name: 'Channel actions' })
        .click();
      await page.getByRole('menuitem', { name: 'Channel settings…' }).click();
      const dialog = page.getByRole('dialog');
      const name = dialog.getByLabel('Channel name');
      await name.fill('');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectSaid(name, missing);
      await setBeyondLimit(name, 61);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectSaid(name, atMost('60'));
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    },
  },
  {
    form: 'Groups/UserGroupCreateForm.svelte',
    does: 'empty, then with a name longer than Zulip takes',
    async run(page) {
      await openGroups(page);
      const form = page.getByRole('region', { name: 'New group' });
      const name = form.getByLabel('Group name');
      await form.getByRole('button', { name: 'Create group' }).click();
      await expectSaid(name, missing);
      await setBeyondLimit(name, 101);
      await form.getByRole('button', { name: 'Create group' }).click();
      await expectSaid(name, atMost('100'));
      await name.fill('');
    },
  },
  {
    form: 'Groups/UserGroupCard.svelte',
    does: 'renaming with the name emptied, then longer than Zulip takes',
    async run(page) {
      await page.getByRole('button', { name: 'Edit Support' }).click();
      const form = page.getByRole('form', { name: 'Edit Support' });
      const name = form.getByLabel('Group name');
      await name.fill('');
      await form.getByRole('button', { name: 'Save' }).click();
      await expectSaid(name, missing);
      await setBeyondLimit(name, 101);
      await form.getByRole('button', { name: 'Save' }).click();
      await expectSaid(name, atMost('100'));
      await form.getByRole('button', { name: 'Cancel' }).click();
    },
  },
  {
    form: 'Groups/UserGroupCard.svelte',
    does: 'adding a member with none chosen',
    async run(page) {
      const card = groupCard(page, 'Support');
      await card.getByRole('button', { name: 'Add', exact: true }).click();
      await expectSaid(card.getByLabel('Add a member to Support'), 'Choose one from the list.');
    },
  },
  {
    form: 'Groups/UserGroupCard.svelte',
    does: 'adding a group with none chosen',
    async run(page) {
      const card = groupCard(page, 'Support');
      await card.getByRole('button', { name: 'Add group' }).click();
      await expectSaid(card.getByLabel('Add a group to Support'), 'Choose one from the list.');
    },
  },
  {
    form: 'Bots/BotsCreateForm.svelte',
    does: 'empty, then with a short name holding a space, and an endpoint without its scheme',
    async run(page) {
      await page.getByRole('button', { name: 'Bots', exact: true }).click();
      await page.getByRole('heading', { name: 'Bots', level: 1 }).waitFor();
      const create = page.getByRole('button', { name: 'Create bot' });
      await create.click();
      await expectSaid(page.getByLabel('Bot name'), missing);
      await expectSaid(page.getByLabel('Short name'), missing);
      await page.getByLabel('Bot name').fill('Kitchen timer');
      await page.getByLabel('Short name').fill('kitchen timer');
      await page.getByLabel('Bot type').selectOption({ label: 'Outgoing webhook' });
      await page.getByLabel('Endpoint URL').fill('bots.example.com/timer');
      await create.click();
      await expectSaid(
        page.getByLabel('Short name'),
        'Use only Latin letters, digits and signs such as - or _, with no spaces.',
      );
      await expectSaid(page.getByLabel('Endpoint URL'), notAWebAddress);
      await expectFine(page.getByLabel('Bot name'));
    },
  },
  {
    form: 'CustomEmoji/CustomEmojiForm.svelte',
    does: 'empty, then named without a picture',
    async run(page) {
      await page.getByRole('button', { name: 'Custom emoji', exact: true }).click();
      const form = page.getByRole('region', { name: 'Add an emoji' });
      const name = form.getByLabel('Emoji name');
      const picture = form.locator('input[type=file]');
      await form.getByRole('button', { name: 'Add emoji' }).click();
      await expectSaid(name, missing);
      await expectSaid(picture, 'Choose a file.');
      await name.fill('kettle');
      await form.getByRole('button', { name: 'Add emoji' }).click();
      await expectSaid(picture, 'Choose a file.');
      await expectFine(name);
      await name.fill('');
    },
  },
  {
    form: 'Settings/AlertWordsSection.svelte',
    does: 'empty, then longer than Zulip takes',
    async run(page) {
      await settingsTab(page, 'Notifications');
      const section = page.getByRole('region', { name: 'Alert words' });
      const word = section.getByLabel('New alert word');
      await section.getByRole('button', { name: 'Add', exact: true }).click();
      await expectSaid(word, missing);
      await setBeyondLimit(word, 101);
      await section.getByRole('button', { name: 'Add', exact: true }).click();
      await expectSaid(word, atMost('100'));
      await word.fill('');
    },
  },
  {
    form: 'Settings/LinkifiersView.svelte',
    does: 'adding one empty, then with its URL template left out',
    async run(page) {
      const panel = await settingsTab(page, 'Linkifiers');
      const form = panel.getByRole('form', { name: 'Add a new linkifier' });
      const pattern = form.getByRole('textbox', { name: 'Pattern' });
      const template = form.getByRole('textbox', { name: 'URL template' });
      await form.getByRole('button', { name: 'Add linkifier' }).click();
      await expectSaid(pattern, missing);
      await expectSaid(template, missing);
      await pattern.fill('T(?P<id>[0-9]+)');
      await form.getByRole('button', { name: 'Add linkifier' }).click();
      await expectSaid(template, missing);
      await expectFine(pattern);
      await pattern.fill('');
    },
  },
  {
    form: 'Settings/LinkifiersView.svelte',
    does: 'editing one with its pattern emptied',
    async run(page) {
      const panel = page.getByRole('tabpanel', { name: 'Linkifiers', exact: true });
      await panel.getByRole('button', { name: /^Edit #/ }).click();
      const form = panel.getByRole('form', { name: /Edit linkifier/ });
      const pattern = form.getByRole('textbox', { name: 'Pattern' });
      await pattern.fill('');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expectSaid(pattern, missing);
      await expectFine(form.getByRole('textbox', { name: 'URL template' }));
      await form.getByRole('button', { name: 'Cancel' }).click();
    },
  },
  {
    form: 'Settings/PlaygroundsView.svelte',
    does: 'empty, then with its language left out',
    async run(page) {
      const panel = await settingsTab(page, 'Code playgrounds');
      const form = panel.getByRole('form', { name: 'Add a new code playground' });
      const language = form.getByRole('textbox', { name: 'Language' });
      await form.getByRole('button', { name: 'Add code playground' }).click();
      await expectSaid(form.getByRole('textbox', { name: 'Name' }), missing);
      await expectSaid(language, missing);
      await expectSaid(form.getByRole('textbox', { name: 'URL template' }), missing);
      await form.getByRole('textbox', { name: 'Name' }).fill('Python sandbox');
      await form
        .getByRole('textbox', { name: 'URL template' })
        .fill('https://python.example.com/?code={code}');
      await form.getByRole('button', { name: 'Add code playground' }).click();
      await expectSaid(language, missing);
      await expectFine(form.getByRole('textbox', { name: 'Name' }));
    },
  },
  {
    form: 'Settings/AccountSettingsView.svelte',
    does: 'renaming with the name emptied',
    async run(page) {
      const panel = await settingsTab(page, 'Account');
      const name = panel.getByLabel('Full name');
      await name.fill('');
      await panel.getByRole('button', { name: 'Save' }).click();
      await expectSaid(name, missing);
      await name.fill(org.owner.fullName);
    },
  },
  {
    form: 'Settings/AccountSettingsView.svelte',
    does: 'changing the password empty, then with two different new ones',
    async run(page) {
      const panel = page.getByRole('tabpanel', { name: 'Account', exact: true });
      const change = panel.getByRole('button', { name: 'Change password' });
      await change.click();
      await expectSaid(panel.getByLabel('Current password'), missing);
      await expectSaid(panel.getByLabel('New password', { exact: true }), missing);
      await panel.getByLabel('Current password').fill('correct horse battery staple');
      await panel.getByLabel('New password', { exact: true }).fill('a river runs');
      await panel.getByLabel('New password again').fill('a river ran');
      await change.click();
      await expectSaid(panel.getByLabel('New password again'), 'The new passwords differ.');
      await expectFine(panel.getByLabel('Current password'));
    },
  },
  {
    form: 'Settings/OrganizationSettingsView.svelte',
    does: 'with the name emptied, then longer than Zulip takes',
    async run(page) {
      const panel = await settingsTab(page, 'Organization');
      const name = panel.getByLabel('Organization name');
      const before = await name.inputValue();
      await name.fill('');
      await panel.getByRole('button', { name: 'Save' }).first().click();
      await expectSaid(name, missing);
      await setBeyondLimit(name, 41);
      await panel.getByRole('button', { name: 'Save' }).first().click();
      await expectSaid(name, atMost('40'));
      await name.fill(before);
    },
  },
  {
    form: 'Settings/NetworkSettings.svelte',
    does: 'a manual proxy without its host, then with a port out of range',
    async run(page) {
      await settingsTab(page, 'Network');
      const form = page.getByRole('form', { name: 'Proxy' });
      await form.getByRole('radio', { name: 'Manual proxy' }).check();
      const host = form.getByLabel('Host', { exact: true });
      const port = form.getByLabel('Port', { exact: true });
      await host.fill('');
      // The proxy's fields are checked as they are typed; Save waits for them.
      await expectSaid(host, 'Give the proxy’s host name or address.');
      await host.fill('proxy.office.test');
      await port.fill('99999');
      await expectSaid(port, 'The port is a whole number from 1 to 65535.');
      await expectFine(host);
      expect(await form.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await form.getByRole('radio', { name: 'Use the system’s proxy settings' }).check();
    },
  },
  {
    form: 'People/InvitationsPanel.svelte',
    does: 'as it is: its fields are choices, each with a value',
    async run(page) {
      await page.getByRole('button', { name: 'Users', exact: true }).click();
      const invitations = page.getByRole('region', { name: 'Invitation links' });
      await invitations.getByRole('button', { name: 'Create invitation link' }).click();
      await expect
        .poll(() => invitations.getByLabel('New link').inputValue())
        .toMatch(/^https?:\/\//);
    },
  },
];

describe('every form of the window', () => {
  it('has a recipe here', async () => {
    const recipes = [...newcomerRecipes, ...ownerRecipes].map((recipe) => recipe.form);
    expect(await formsInTheWindow()).toEqual(recipes.sort());
  });

  describe('of a newcomer, who then hosts an organization', () => {
    beforeAll(async () => {
      newcomer = await openWindow(await startTestHearth(), {
        viewport: { width: 1100, height: 1000 },
        beforeLoad: async (page) => watchRefusals(page, newcomerRefusals),
      });
    });

    for (const recipe of newcomerRecipes) {
      it(`${recipe.form}, sent ${recipe.does}, says what is wrong beside each field`, async () => {
        const { page } = newcomer as RendererPage;
        newcomerRefusals.length = 0;
        await recipe.run(page);
        await expectNoBridgeWords(page, newcomerRefusals);
      }, 90_000);
    }
  });

  describe("of an organization's owner", () => {
    beforeAll(async () => {
      owner = await openRendererPage(org, org.owner, {
        viewport: { width: 1100, height: 1000 },
        beforeLoad: async (page) => watchRefusals(page, ownerRefusals),
      });
      await sidebar(owner.page).getByRole('button', { name: '# kitchen' }).waitFor();
    });

    for (const recipe of ownerRecipes) {
      it(`${recipe.form}, sent ${recipe.does}, says what is wrong beside each field`, async () => {
        const { page } = owner as RendererPage;
        ownerRefusals.length = 0;
        await recipe.run(page);
        await expectNoBridgeWords(page, ownerRefusals);
      });
    }
  });
});
