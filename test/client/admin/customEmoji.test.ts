import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invokeBridgeCall, type BridgeService } from '../../../src-preload/bridge';
import { eventually, signedInHearth } from '../../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../../helpers/org';
import { postFiles, solidPng } from '../../helpers/uploads';

// Issue 17, point 2: the organization's custom emoji over the bridge, against
// a real host: the page's list from the register state the events keep, the
// reader's changes, and the pictures of messages handed over as data: URLs.

let org: Org;
let alice: TestUser;
let bob: TestUser;
let hearth: Awaited<ReturnType<typeof signedInHearth>>;
let service: BridgeService;

const picture = solidPng(16, [120, 60, 200]);
const base64 = picture.toString('base64');
const names = async () => (await service.listCustomEmoji({})).emoji.map((emoji) => emoji.name);

beforeAll(async () => {
  org = await startOrg();
  alice = await org.user('alice');
  bob = await org.user('bob');
  hearth = await signedInHearth(org.url, alice);
  service = hearth.service;
});

afterAll(async () => {
  await hearth?.close();
  await org?.close();
});

describe('custom emoji over the bridge', () => {
  it('lists none at first, and lets a member add one', async () => {
    expect(await service.listCustomEmoji({})).toEqual({
      emoji: [],
      canAdd: true,
      maxBytes: 5 * 1024 * 1024,
    });
  });

  it("adds one, which the list shows once the server's event comes, with its author", async () => {
    expect(await service.addCustomEmoji({ name: 'grape', image: base64 })).toEqual({});
    await eventually('grape is listed', async () => (await names()).join() === 'grape');
    expect((await service.listCustomEmoji({})).emoji).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        name: 'grape',
        imageUrl: expect.stringMatching(/^http:.*\/user_avatars\/1\/emoji\/images\/\w+\.png$/),
        authorName: 'Alice',
        canRemove: true,
      },
    ]);
  });

  it("rejects with the server's words", async () => {
    await expect(service.addCustomEmoji({ name: 'grape', image: base64 })).rejects.toThrow(
      'A custom emoji with this name already exists.',
    );
  });

  it("shows another's emoji without letting a member remove it, and refuses that on the server", async () => {
    expect(
      (await postFiles(org, bob, 'POST', '/realm/emoji/plantain', [{ name: 'f', data: picture }]))
        .status,
    ).toBe(200);
    await eventually('plantain is listed', async () => (await names()).join() === 'grape,plantain');
    const plantain = (await service.listCustomEmoji({})).emoji[1];
    expect(plantain).toMatchObject({ authorName: 'Bob', canRemove: false });
    await expect(service.removeCustomEmoji({ name: 'plantain' })).rejects.toThrow(
      'Must be an organization administrator or emoji author',
    );
  });

  it("hands over a message's emoji picture as a data: URL, and refuses other paths", async () => {
    const src = new URL((await service.listCustomEmoji({})).emoji[0]?.imageUrl ?? '').pathname;
    const accountId = (await service.getAppState({})).activeAccountId ?? '';
    const { dataUrl } = await service.messageEmojiImage({ accountId, src });
    expect(dataUrl).toBe(`data:image/png;base64,${base64}`);
    await expect(
      invokeBridgeCall(service, 'messageEmojiImage', { accountId, src: '/user_uploads/1/a.png' }),
    ).rejects.toThrow('messageEmojiImage: invalid arguments');
  });

  it('removes her own, which leaves the list', async () => {
    expect(await service.removeCustomEmoji({ name: 'grape' })).toEqual({});
    await eventually('grape is gone', async () => (await names()).join() === 'plantain');
  });
});
