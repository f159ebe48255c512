import { toPng } from 'jdenticon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 12 (feature level 466) draws a Jdenticon avatar as a PNG with
// jdenticon, keyed `{realm_uuid}:{user_id}` as its API documentation says
// beside realm_uuid, with no padding and lightness ranges of 0.3–0.7, at
// 100 pixels for avatar_url and 500 for avatar_url_medium. A client drawing
// it from that key must see the very picture the host serves.
const pickAvatar = ({
  avatar_source,
  avatar_url,
  avatar_url_medium,
}: {
  avatar_source: string;
  avatar_url: string;
  avatar_url_medium: string;
}) => ({
  avatar_source,
  avatar_url,
  avatar_url_medium,
});
const zulipOptions = { padding: 0, lightness: { color: [0.3, 0.7], grayscale: [0.3, 0.7] } };

describe('Jdenticon avatars', () => {
  let org: Org;
  let ann: TestUser;
  let ben: TestUser;
  let realmUuid: string;

  const picture = async (url: string) => {
    const answer = await fetch(new URL(url, org.url));
    return {
      type: answer.headers.get('content-type'),
      bytes: Buffer.from(await answer.arrayBuffer()),
    };
  };
  const ownState = async (user: TestUser) =>
    pickAvatar(
      (await org.api(user)('POST', '/register', { fetch_event_types: ['realm_user'] })).json,
    );
  const drawn = (user: TestUser, size: number) =>
    toPng(`${realmUuid}:${user.id}`, size, zulipOptions);
  // A PNG's width and height are the first fields of its IHDR chunk.
  const sizeOf = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

  beforeAll(async () => {
    org = await startOrg();
    await org.api(org.owner)('PATCH', '/realm', { default_avatar_source: 'J' });
    ann = await org.user('ann');
    ben = await org.user('ben');
    realmUuid = (await org.api(ann)('POST', '/register', { fetch_event_types: ['realm'] })).json
      .realm_uuid as string;
  });
  afterAll(() => org?.close());

  it('serves at avatar_url the PNG jdenticon draws from the realm UUID and the user ID', async () => {
    expect(realmUuid).toMatch(/^[0-9a-f-]{36}$/);
    for (const user of [ann, ben]) {
      const state = await ownState(user);
      expect(state.avatar_source).toBe('J');
      const small = await picture(state.avatar_url);
      expect(small.type).toBe('image/png');
      expect(sizeOf(small.bytes)).toEqual([100, 100]);
      expect(small.bytes.equals(drawn(user, 100))).toBe(true);
    }
    expect((await ownState(ann)).avatar_url).not.toBe((await ownState(ben)).avatar_url);
    expect(drawn(ann, 100).equals(drawn(ben, 100))).toBe(false);
  });

  it('serves at avatar_url_medium the same pattern drawn at 500 pixels', async () => {
    const medium = await picture((await ownState(ann)).avatar_url_medium);
    expect(medium.type).toBe('image/png');
    expect(sizeOf(medium.bytes)).toEqual([500, 500]);
    expect(medium.bytes.equals(drawn(ann, 500))).toBe(true);
  });

  it('names the same URL in every user list, which serves the same picture', async () => {
    const listed = (await org.api(ben)('GET', `/users/${ann.id}`)).json.user as {
      avatar_url: string;
    };
    expect(listed.avatar_url).toBe((await ownState(ann)).avatar_url);
    expect((await picture(listed.avatar_url)).bytes.equals(drawn(ann, 100))).toBe(true);
  });

  it('draws the same pictures after a restart', async () => {
    const before = await ownState(ben);
    await org.restart();
    const after = await ownState(ben);
    expect(after).toEqual(before);
    expect(
      (await org.api(ben)('POST', '/register', { fetch_event_types: ['realm'] })).json.realm_uuid,
    ).toBe(realmUuid);
    expect((await picture(after.avatar_url)).bytes.equals(drawn(ben, 100))).toBe(true);
    expect((await picture(after.avatar_url_medium)).bytes.equals(drawn(ben, 500))).toBe(true);
  });

  it('keeps the drawn initials, an SVG, for those with a Gravatar-style avatar', async () => {
    const owner = await ownState(org.owner);
    expect(owner.avatar_source).toBe('U');
    expect(owner.avatar_url_medium).toBe(owner.avatar_url);
    const own = await picture(owner.avatar_url);
    expect(own.type).toBe('image/svg+xml');
    expect(own.bytes.toString()).toContain('<text');
  });
});
