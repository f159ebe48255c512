import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import type { BridgeEventName, BridgeService, EventPayload } from '../../src-preload/bridge';
import { startTestHearth } from '../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openWindow, type RendererPage } from '../helpers/rendererPage';
import { solidPng } from '../helpers/uploads';

// Issue 17, point 3, in the window: the attach button, a drop and a paste
// send files with a progress bar each; the link goes into the message; the
// image shows in the message (main fetches it: the window's policy here
// allows no image from the server) and opens large in a lightbox; another
// file's link saves it to the Downloads folder.

/** A picture with something to see in a screenshot: a sky over a sea, as an RGB PNG. */
function landscapePng(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const sea = y > height * 0.6;
      const t = y / height;
      const sun = (x - width * 0.7) ** 2 + (y - height * 0.35) ** 2 < (height * 0.12) ** 2;
      const [r, g, b] = sun
        ? [250, 210, 90]
        : sea
          ? [20, 70 + 60 * (1 - t), 120 + 40 * (1 - t)]
          : [120 + 120 * t, 160 + 60 * t, 230];
      row.set([r, g, b].map(Math.round), 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/**
 * The app's bridge, but an upload can be held before it leaves, half way as
 * far as the window is told: on loopback a file reaches the host before any
 * bar could be looked at.
 */
function holdingUploads(service: BridgeService) {
  const pushers = new Set<
    <E extends BridgeEventName>(event: E, payload: EventPayload<E>) => void
  >();
  let held: (() => void) | null = null;
  let holdNext = false;
  const holding: BridgeService = {
    ...service,
    async uploadFile(args) {
      if (holdNext) {
        holdNext = false;
        // About the request's length, the file and its part's headers.
        const total = Math.ceil((args.data.length * 3) / 4 / 10) * 10 + 200;
        for (const push of pushers) {
          push('uploadProgress', {
            accountId: args.accountId,
            uploadId: args.uploadId,
            sent: (total / 10) * 4,
            total,
          });
        }
        await new Promise<void>((resolve) => (held = resolve));
      }
      return service.uploadFile(args);
    },
    subscribe(push) {
      pushers.add(push);
      const stop = service.subscribe(push);
      return () => {
        pushers.delete(push);
        stop();
      };
    },
  };
  return {
    service: holding,
    holdNext: () => (holdNext = true),
    release: () => held?.(),
  };
}

describe('files in the compose box and the feed', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let ui: RendererPage;
  let page: Page;
  let uploads: ReturnType<typeof holdingUploads>;
  const landscape = landscapePng(360, 220);

  const compose = () => page.getByRole('form', { name: 'Compose' });
  const text = () => compose().getByRole('textbox', { name: 'Message' });
  const feed = () => page.getByRole('list', { name: 'Messages' });
  const send = () => compose().getByRole('button', { name: 'Send' });
  const uploadLinkOf = (name: string) =>
    new RegExp(`\\[${name.replace('.', '\\.')}\\]\\(/user_uploads/1/[0-9a-f]{2}/[\\w-]+/[^)]+\\)`);

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    for (const user of [alice, bob]) await org.subscribe(user, 'harbour');
    await org.sendStream(bob, 'harbour', 'photos', 'Any pictures from the trip?');
    const hearth = await startTestHearth({ secrets: createMemorySecretStore() });
    const joined = await hearth.app.join({
      method: 'apiKey',
      serverUrl: org.url,
      email: alice.email,
      apiKey: alice.apiKey,
    });
    if (!joined.ok) throw new Error(joined.message);
    uploads = holdingUploads(hearth.service);
    // No image origin: whatever picture the window shows, main handed it over.
    ui = await openWindow({ ...hearth, service: uploads.service }, { imageOrigins: [] });
    page = ui.page;
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: '# harbour' })
      .click();
    await feed().locator('.message', { hasText: 'Any pictures from the trip?' }).waitFor();
    await compose().getByRole('combobox', { name: 'Topic' }).fill('photos');
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
  });

  it('attaches a picture with a progress bar, and Send waits for its link', async () => {
    await text().fill('The harbour at dusk:');
    uploads.holdNext();
    await page.getByLabel('Attach files').setInputFiles({
      name: 'harbour.png',
      mimeType: 'image/png',
      buffer: landscape,
    });

    const bar = compose().getByRole('progressbar', { name: 'Uploading harbour.png' });
    try {
      await bar.waitFor();
      await expect
        .poll(() => bar.evaluate((node) => (node as HTMLProgressElement).position))
        .toBeCloseTo(0.4, 5);
      await expect.poll(() => compose().getByText('40%').isVisible()).toBe(true);
      expect(await send().isDisabled()).toBe(true);
      expect(await compose().getByRole('status').innerText()).toBe(
        'Send waits until the files are uploaded.',
      );
      expect(await text().inputValue()).toBe('The harbour at dusk:');
      await ui.screenshot('e2e-uploads-compose-uploading');
    } finally {
      uploads.release();
    }

    await expect.poll(() => text().inputValue()).toMatch(uploadLinkOf('harbour.png'));
    expect(await text().inputValue()).toMatch(/^The harbour at dusk: \[harbour\.png\]\(/);
    await bar.waitFor({ state: 'detached' });
    expect(await send().isEnabled()).toBe(true);
    await ui.screenshot('e2e-uploads-compose-done');
  });

  it('shows the sent picture in the message, fetched by main', async () => {
    await send().click();
    const image = feed()
      .locator('.message', { hasText: 'The harbour at dusk' })
      .locator('.message_inline_image img');
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((node) => (node as HTMLImageElement).naturalWidth))
      .toBe(360);
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await image.getAttribute('alt')).toBe('harbour.png');
    await ui.screenshot('e2e-uploads-inline-image');
  });

  it('opens the picture large in a lightbox, which Escape closes, giving the focus back', async () => {
    const link = feed()
      .locator('.message', { hasText: 'The harbour at dusk' })
      .locator('.message_inline_image a');
    await link.click();

    const lightbox = page.getByRole('dialog', { name: 'harbour.png' });
    await lightbox.waitFor();
    const large = lightbox.getByRole('img', { name: 'harbour.png' });
    await expect
      .poll(() => large.evaluate((node) => (node as HTMLImageElement).naturalWidth))
      .toBe(360);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Close');
    await ui.screenshot('e2e-uploads-lightbox');

    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'hidden' });
    expect(
      await page.evaluate(() => document.activeElement?.closest('.message_inline_image') !== null),
    ).toBe(true);

    await link.press('Enter');
    await lightbox.waitFor();
    await lightbox.getByRole('button', { name: 'Close' }).click();
    await lightbox.waitFor({ state: 'hidden' });

    // A dialog says it closed only at the next frame; a picture opened again before then stays open.
    await page.evaluate(() => {
      document.querySelector<HTMLDialogElement>('dialog.lightbox')?.close();
      document.querySelector<HTMLElement>('.message_inline_image a')?.click();
    });
    await lightbox.waitFor();
    await page.evaluate(
      () => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))),
    );
    expect(await lightbox.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'hidden' });
  });

  it('shows the picture of an earlier version in the edit history', async () => {
    const item = feed().locator('.message', { hasText: 'The harbour at dusk' });
    const id = Number(await item.getAttribute('data-message-id'));
    await org.api(alice)('PATCH', `/messages/${id}`, { content: 'The harbour at night' });
    const edited = feed().locator('.message', { hasText: 'The harbour at night' });
    await edited.waitFor();
    await edited.hover();
    await edited.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'View edit history' }).click();
    const history = page.getByRole('dialog', { name: 'Edit history' });
    const first = history.locator('.versions > li').first().locator('.message_inline_image img');
    await expect
      .poll(() => first.evaluate((node) => (node as HTMLImageElement).naturalWidth))
      .toBe(360);
    expect(await first.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await history.getByRole('button', { name: 'Close' }).click();
  });

  it('uploads a pasted screenshot and a dropped file, each link where the cursor is', async () => {
    await text().fill('Before  after');
    await text().evaluate((node) => {
      const field = node as HTMLTextAreaElement;
      field.focus();
      field.setSelectionRange(7, 7);
    });
    await page.evaluate(
      (bytes) => {
        const field = document.querySelector('form[aria-label="Compose"] textarea');
        const clipboard = new DataTransfer();
        clipboard.items.add(
          new File([new Uint8Array(bytes)], 'screenshot.png', { type: 'image/png' }),
        );
        field?.dispatchEvent(
          new ClipboardEvent('paste', {
            clipboardData: clipboard,
            bubbles: true,
            cancelable: true,
          }),
        );
      },
      [...solidPng(48, [200, 60, 90])],
    );
    await expect
      .poll(() => text().inputValue())
      .toMatch(/^Before \[screenshot\.png\]\(\/user_uploads\/[^)]+\) after$/);

    await page.evaluate(() => {
      const form = document.querySelector('form[aria-label="Compose"]');
      const dragged = new DataTransfer();
      dragged.items.add(new File(['Ferry leaves at 7:40'], 'ferry.txt', { type: 'text/plain' }));
      for (const type of ['dragenter', 'dragover', 'drop']) {
        form?.dispatchEvent(
          new DragEvent(type, { dataTransfer: dragged, bubbles: true, cancelable: true }),
        );
      }
    });
    await expect.poll(() => text().inputValue()).toMatch(uploadLinkOf('ferry.txt'));
  });

  it('says why the server refused a file and leaves the message as it was', async () => {
    await text().fill('Nothing to see');
    await page.getByLabel('Attach files').setInputFiles({
      name: 'empty.txt',
      mimeType: 'text/plain',
      buffer: Buffer.alloc(0),
    });

    const refusal = compose().getByRole('alert');
    await expect
      .poll(() => refusal.innerText())
      .toBe('Could not upload empty.txt: The file is empty');
    expect(await text().inputValue()).toBe('Nothing to see');
    expect(await send().isEnabled()).toBe(true);
    await compose().getByRole('button', { name: 'Dismiss the failed upload of empty.txt' }).click();
    await refusal.waitFor({ state: 'detached' });
  });

  it('saves a linked file to the Downloads folder when its link is clicked', async () => {
    await text().fill('');
    await page.getByLabel('Attach files').setInputFiles({
      name: 'timetable.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Ferry: 7:40, 12:10, 18:30'),
    });
    await expect.poll(() => text().inputValue()).toMatch(uploadLinkOf('timetable.txt'));
    await send().click();
    const link = feed().getByRole('link', { name: 'timetable.txt' });
    await link.click();

    const saved = join(ui.hearth.profileDir, 'downloads', 'timetable.txt');
    await expect
      .poll(() => page.locator('.action-notice').innerText())
      .toBe(`Saved timetable.txt to ${saved}`);
    expect(await readFile(saved, 'utf8')).toBe('Ferry: 7:40, 12:10, 18:30');
    expect(ui.pageErrors).toEqual([]);
  });
});
