import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableLanguageCodes } from '../../src-main/server/actions/languages';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip's default_language: a user's through PATCH /settings, the
// organization's through PATCH /realm, both a code of Zulip's language
// list spelt as the list spells it, and the organization's given to every
// user created after it changed.

type Event = { id: number; type: string } & Record<string, unknown>;

interface Registered {
  queue_id: string;
  realm_default_language: string;
  user_settings: { default_language: string; twenty_four_hour_time: boolean };
}

const register = async (org: Org, user: TestUser, params: Record<string, unknown> = {}) =>
  (await org.api(user)('POST', '/register', params)).json as Registered;
const eventsOf = async (org: Org, user: TestUser, queueId: string) =>
  (
    (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
      .events as Event[]
  ).map(({ id: _id, ...event }) => event);

describe("a user's default_language", () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  const setLanguage = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('PATCH', '/settings', params);

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterAll(() => org.close());

  it('starts at English, then keeps the language chosen, in user_settings alone, across a restart', async () => {
    const before = await register(org, alice);
    expect(before.user_settings.default_language).toBe('en');
    const response = await setLanguage(alice, { default_language: 'de' });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ result: 'success', msg: '' });
    await org.restart();
    const after = await register(org, alice);
    expect(after.user_settings.default_language).toBe('de');
    // Zulip 12 gives settings in user_settings alone (feature level 439).
    expect(after).not.toHaveProperty('default_language');
    expect((await register(org, bob)).user_settings.default_language).toBe('en');
  });

  it('tells the user alone, by user_settings naming the language', async () => {
    const [mine, theirs] = [
      (await register(org, alice)).queue_id,
      (await register(org, bob)).queue_id,
    ];
    expect((await setLanguage(alice, { default_language: 'zh-hans' })).status).toBe(200);
    expect(await eventsOf(org, alice, mine)).toEqual([
      {
        type: 'user_settings',
        op: 'update',
        property: 'default_language',
        value: 'zh-hans',
        language_name: '简体中文',
      },
    ]);
    expect(await eventsOf(org, bob, theirs)).toEqual([]);
  });

  it('announces nothing when the language is the one already chosen', async () => {
    const queueId = (await register(org, alice)).queue_id;
    expect((await setLanguage(alice, { default_language: 'zh-hans' })).status).toBe(200);
    expect(await eventsOf(org, alice, queueId)).toEqual([]);
  });

  it('takes the codes of Hearth’s window languages as Zulip spells them', async () => {
    // Bob's is English: it comes last, as a change.
    const names: [string, string][] = [
      ['de', 'Deutsch'],
      ['fr', 'français'],
      ['es', 'español'],
      ['pt-br', 'Português Brasileiro'],
      ['ru', 'Русский'],
      ['ja', '日本語'],
      ['zh-hans', '简体中文'],
      ['ar', 'العربيّة'],
      ['pt-pt', 'Portuguese (Portugal)'],
      ['en-gb', 'British English'],
      ['en', 'English'],
    ];
    for (const [code, name] of names) {
      const queueId = (await register(org, bob)).queue_id;
      expect((await setLanguage(bob, { default_language: code })).status, code).toBe(200);
      expect(await eventsOf(org, bob, queueId), code).toContainEqual(
        expect.objectContaining({ type: 'user_settings', value: code, language_name: name }),
      );
      expect((await register(org, bob)).user_settings.default_language).toBe(code);
    }
  });

  it('takes each of the 46 codes of the list, naming every one', async () => {
    expect(availableLanguageCodes).toHaveLength(46);
    const queueId = (await register(org, bob)).queue_id;
    for (const code of availableLanguageCodes) {
      expect((await setLanguage(bob, { default_language: code })).status, code).toBe(200);
    }
    const named = (await eventsOf(org, bob, queueId)).filter(
      (event) => event.type === 'user_settings',
    );
    expect(named.map((event) => event.value)).toEqual(availableLanguageCodes);
    expect(named.filter((event) => event.language_name === 'Unknown')).toEqual([]);
  });

  it('refuses a code off the list, or spelt otherwise, with 400 and changes nothing', async () => {
    const queueId = (await register(org, alice)).queue_id;
    // pt_BR and zh_Hans are locale folders, not codes.
    for (const code of ['xx', 'PT-BR', 'pt_BR', 'zh_Hans', 'DE', ' de', '', 'constructor']) {
      const refused = await setLanguage(alice, {
        default_language: code,
        twenty_four_hour_time: true,
      });
      expect(refused.status, code).toBe(400);
      expect(refused.json, code).toEqual({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'Invalid default_language',
      });
    }
    const state = await register(org, alice);
    expect(state.user_settings.default_language).toBe('zh-hans');
    expect(state.user_settings.twenty_four_hour_time).toBe(false);
    expect(await eventsOf(org, alice, queueId)).toEqual([]);
  });
});

describe("the organization's default_language", () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterAll(() => org.close());

  it('starts at English', async () => {
    expect((await register(org, alice)).realm_default_language).toBe('en');
  });

  it('is changed by an administrator, reported as "updated" and told to everyone', async () => {
    const queueId = (await register(org, bob)).queue_id;
    const response = await org.api(org.owner)('PATCH', '/realm', { default_language: 'fr' });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ result: 'success', msg: '', default_language: 'updated' });
    expect(await eventsOf(org, bob, queueId)).toEqual([
      { type: 'realm', op: 'update', property: 'default_language', value: 'fr' },
    ]);
    await org.restart();
    expect((await register(org, bob)).realm_default_language).toBe('fr');
    // The users there already keep their own.
    expect((await register(org, bob)).user_settings.default_language).toBe('en');
  });

  it('is refused to a member, and a code off the list to anyone, changing nothing', async () => {
    const queueId = (await register(org, bob)).queue_id;
    const member = await org.api(alice)('PATCH', '/realm', { default_language: 'de' });
    expect(member.status).toBe(400);
    expect(member.json).toEqual({
      result: 'error',
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
    });
    for (const code of ['xx', 'pt_BR', 'zh_Hans']) {
      const refused = await org.api(org.owner)('PATCH', '/realm', {
        default_language: code,
        description: 'must not be applied',
      });
      expect(refused.status, code).toBe(400);
      expect(refused.json, code).toEqual({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: `Invalid language '${code}'`,
      });
    }
    expect(await eventsOf(org, bob, queueId)).toEqual([]);
    const state = (await org.api(bob)('POST', '/register', { fetch_event_types: ['realm'] }))
      .json as Record<string, unknown>;
    expect(state.realm_default_language).toBe('fr');
    expect(state.realm_description).not.toBe('must not be applied');
  });

  it('is the language of every user created after it, bots included', async () => {
    const carol = await org.user('carol');
    const mine = await register(org, carol);
    expect(mine.user_settings.default_language).toBe('fr');
    const created = await org.api(alice)('POST', '/bots', {
      full_name: 'Parrot',
      short_name: 'parrot',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const bot: TestUser = {
      id: created.json.user_id as number,
      email: 'parrot-bot@hearth.local',
      fullName: 'Parrot',
      apiKey: created.json.api_key as string,
    };
    expect((await register(org, bot)).user_settings.default_language).toBe('fr');
    // Back to English: the next newcomer starts in English, carol keeps French.
    await org.api(org.owner)('PATCH', '/realm', { default_language: 'en' });
    expect((await register(org, await org.user('dave'))).user_settings.default_language).toBe('en');
    expect((await register(org, carol)).user_settings.default_language).toBe('fr');
  });
});

describe("a new organization's language", () => {
  it("is the one its creator chose, the owner's and every newcomer's, kept across a restart", async () => {
    const org = await startOrg({
      organization: {
        realmName: 'Boulangerie',
        ownerEmail: 'owner@boulangerie.example',
        ownerFullName: 'Camille',
        language: 'pt-BR',
      },
    });
    try {
      const owner = await register(org, org.owner);
      expect(owner.realm_default_language).toBe('pt-br');
      expect(owner.user_settings.default_language).toBe('pt-br');
      expect((await register(org, await org.user('alice'))).user_settings.default_language).toBe(
        'pt-br',
      );
      await org.restart();
      expect((await register(org, org.owner)).realm_default_language).toBe('pt-br');
    } finally {
      await org.close();
    }
  });

  it("cannot be one Hearth's window does not speak", async () => {
    await expect(
      startOrg({
        organization: {
          realmName: 'Nowhere',
          ownerEmail: 'owner@nowhere.example',
          ownerFullName: 'Nobody',
          language: 'tlh',
        },
      }),
    ).rejects.toThrow(/No language tlh/);
  });
});
