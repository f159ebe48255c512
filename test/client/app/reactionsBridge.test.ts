import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeArgumentError } from '../../../src-main/client/bridge/bridgeService';
import {
  invokeBridgeCall,
  type BridgeService,
  type EventPayload,
  type Message,
} from '../../../src-preload/bridge';
import { eventually, signedInHearth } from '../../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../../helpers/org';

// Issue 17, point 1: reactions over the bridge, against a real host: the
// feed's messages carry their chips, shaped by main, and follow the server's
// reaction events.

let org: Org;
let alice: TestUser;
let bob: TestUser;
let hearth: Awaited<ReturnType<typeof signedInHearth>>;
let service: BridgeService;
let kitchenId: number;
let messageId: number;
const pushed: EventPayload<'feed'>[] = [];

const tada = { name: 'tada', code: '1f389', type: 'unicode_emoji' } as const;

/** The message as the feed was last told of it. */
const lastPushed = (): Message | undefined =>
  pushed
    .flatMap((change) => change.upserted)
    .filter((message) => message.id === messageId)
    .at(-1);

beforeAll(async () => {
  org = await startOrg();
  alice = await org.user('alice');
  bob = await org.user('bob');
  await org.subscribe(alice, 'kitchen');
  await org.subscribe(bob, 'kitchen');
  kitchenId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'kitchen' })).json.stream_id;
  messageId = await org.sendStream(bob, 'kitchen', 'baking', 'The bread is out of the oven');
  hearth = await signedInHearth(org.url, alice, {
    beforeConnect: ({ service: bridge }) =>
      bridge.subscribe((event, payload) => {
        if (event === 'feed') pushed.push(payload as EventPayload<'feed'>);
      }),
  });
  service = hearth.service;
});

afterAll(async () => {
  await hearth?.close();
  await org?.close();
});

describe('reactions over the bridge', () => {
  it('adds the viewer’s reaction, and the feed shows it as a chip', async () => {
    const page = await service.openNarrow({ narrow: { kind: 'stream', streamId: kitchenId } });
    expect(
      page.messages.find((message) => message.id === messageId)?.reactionChips,
    ).toBeUndefined();
    await service.toggleReaction({ messageId, emoji: tada });
    const chips = await eventually('the reaction is pushed', () => lastPushed()?.reactionChips);
    expect(chips).toEqual([
      {
        key: 'unicode_emoji:1f389',
        code: '1f389',
        type: 'unicode_emoji',
        name: 'tada',
        glyph: '🎉',
        imageUrl: null,
        count: 1,
        reacted: true,
        names: ['You'],
        userIds: [alice.id],
      },
    ]);
  });

  it('counts another’s reaction with the same emoji and names them', async () => {
    await org.api(bob)('POST', `/messages/${messageId}/reactions`, {
      emoji_name: 'tada',
      emoji_code: '1f389',
      reaction_type: 'unicode_emoji',
    });
    const chip = await eventually('Bob’s reaction is pushed', () => {
      const first = lastPushed()?.reactionChips?.[0];
      return first?.count === 2 ? first : undefined;
    });
    expect(chip.names).toEqual(['You', 'Bob']);
  });

  it('takes the viewer’s reaction back on a second toggle, leaving the others', async () => {
    await service.toggleReaction({ messageId, emoji: tada });
    const chip = await eventually('the removal is pushed', () => {
      const first = lastPushed()?.reactionChips?.[0];
      return first?.count === 1 ? first : undefined;
    });
    expect(chip).toMatchObject({ reacted: false, names: ['Bob'] });
    const page = await service.openNarrow({ narrow: { kind: 'stream', streamId: kitchenId } });
    const shown = page.messages.find((message) => message.id === messageId);
    expect(shown?.reactionChips?.map((each) => each.count)).toEqual([1]);
  });

  it('gives the picker every emoji by category, the reader’s own first among the frequent', async () => {
    const picker = await service.emojiPicker({});
    expect(picker.categories[0]?.name).toBe('Smileys & Emotion');
    const all = picker.categories.flatMap((category) => category.emoji);
    expect(all.length).toBeGreaterThan(1500);
    expect(all.find((emoji) => emoji.name === 'tada')).toMatchObject({
      code: '1f389',
      glyph: '🎉',
    });
    expect(picker.frequent[0]).toBe('unicode_emoji:1f44d');
  });

  it.each([
    ['no emoji', { messageId: 1 }],
    ['an unknown reaction type', { messageId: 1, emoji: { ...tada, type: 'sticker' } }],
    ['a message ID that is not one', { messageId: -1, emoji: tada }],
  ] as const)('rejects %s without asking the server', async (_case, args) => {
    await expect(invokeBridgeCall(service, 'toggleReaction', args)).rejects.toBeInstanceOf(
      BridgeArgumentError,
    );
  });
});
