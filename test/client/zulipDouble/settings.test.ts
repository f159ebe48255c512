import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { probeServer } from '../../../src-main/client/accounts/probeServer';
import { signInWithPassword } from '../../../src-main/client/accounts/signIn';
import { realmUserEventSchema } from '../../../src-main/wire';
import { startZulipDouble, type ZulipDouble } from '../../helpers/zulipDouble';
import { clientsOf } from '../../helpers/doubleClients';

// PATCH /settings on the Zulip 12 double: one user's settings, each change a
// user_settings event to that user, a new name a realm_user event to everyone.
let double: ZulipDouble;
let clients: ReturnType<typeof clientsOf>;
beforeEach(async () => {
  double = await startZulipDouble();
  clients = clientsOf(double);
});
afterEach(() => double.close());

const settingsOf = async (state: Promise<Record<string, unknown>>) =>
  (await state).user_settings as Record<string, unknown>;

describe('personal settings on the Zulip double', () => {
  it('changes the user’s own settings, each announced to the user alone', async () => {
    const { users } = double;
    const hamlet = await clients.listen(users.member);
    const cordelia = await clients.listen(users.member2);
    await clients.apiFor(users.member).updateSettings({
      twenty_four_hour_time: true,
      default_language: 'de',
      enter_sends: false,
      web_home_view: 'recent',
    });
    // enter_sends was already false: no change, no event.
    expect(await hamlet.drain()).toEqual([
      {
        id: expect.any(Number),
        type: 'user_settings',
        op: 'update',
        property: 'twenty_four_hour_time',
        value: true,
      },
      {
        id: expect.any(Number),
        type: 'user_settings',
        op: 'update',
        property: 'default_language',
        value: 'de',
        language_name: 'Deutsch',
      },
      {
        id: expect.any(Number),
        type: 'user_settings',
        op: 'update',
        property: 'web_home_view',
        value: 'recent',
      },
    ]);
    expect(await cordelia.drain()).toEqual([]);
    expect(await settingsOf(clients.stateOf(users.member))).toMatchObject({
      twenty_four_hour_time: true,
      default_language: 'de',
      web_home_view: 'recent',
    });
    expect(await settingsOf(clients.stateOf(users.member2))).toMatchObject({
      twenty_four_hour_time: false,
      default_language: 'en',
    });
  });

  it('gives settings only in user_settings, as Zulip 12 does without the capability too', async () => {
    const state = (await clients.listen(double.users.member, {})).state;
    expect(state).toHaveProperty('user_settings.enter_sends');
    expect(state).not.toHaveProperty('enter_sends');
  });

  it('renames the user for everyone', async () => {
    const { users } = double;
    const cordelia = await clients.listen(users.member2);
    await clients.apiFor(users.member).updateSettings({ full_name: 'Prince Hamlet' });
    const [event] = await cordelia.drain();
    expect(realmUserEventSchema.parse(event)).toMatchObject({
      op: 'update',
      person: { user_id: users.member.id, full_name: 'Prince Hamlet' },
    });
    const members = (await clients.raw(users.member2)('GET', '/users')).json as {
      members: { user_id: number; full_name: string }[];
    };
    expect(members.members.find((user) => user.user_id === users.member.id)?.full_name).toBe(
      'Prince Hamlet',
    );
    const tooShort = await clients.raw(users.member)('PATCH', '/settings', { full_name: '  ' });
    expect(tooShort.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'Name too short!' });
  });

  it('refuses a value Zulip does not offer, and names parameters it does not take', async () => {
    const call = clients.raw(double.users.member);
    expect((await call('PATCH', '/settings', { emojiset: 'comic' })).json).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Invalid emojiset',
    });
    expect((await call('PATCH', '/settings', { color_scheme: 7 })).json).toMatchObject({
      msg: 'Invalid color_scheme',
    });
    expect((await call('PATCH', '/settings', { notification_sound: 'gong' })).json).toMatchObject({
      msg: "Invalid notification sound 'gong'",
    });
    expect((await call('PATCH', '/settings', { enter_sends: 'maybe' })).json).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Invalid enter_sends',
    });
    expect(
      (await call('PATCH', '/settings', { dense_mode: true, enter_sends: true })).json,
    ).toEqual({
      result: 'success',
      msg: '',
      ignored_parameters_unsupported: ['dense_mode'],
    });
  });

  it('takes Zulip’s codes for the window’s languages, named in themselves, and no locale spellings', async () => {
    const { member } = double.users;
    const hamlet = await clients.listen(member);
    const call = clients.raw(member);
    const codes: [string, string][] = [
      ['fr', 'français'],
      ['es', 'español'],
      ['pt-br', 'Português Brasileiro'],
      ['pt', 'Português'],
      ['ru', 'Русский'],
      ['ja', '日本語'],
      ['zh-hans', '简体中文'],
      ['ar', 'العربيّة'],
      ['en', 'English'],
    ];
    for (const [code] of codes) {
      expect((await call('PATCH', '/settings', { default_language: code })).status, code).toBe(200);
    }
    const events = await hamlet.drain();
    expect(events.map((event) => [event.value, event.language_name])).toEqual(codes);
    for (const code of ['pt_BR', 'zh_Hans', 'xx']) {
      expect(
        (await call('PATCH', '/settings', { default_language: code })).json,
        code,
      ).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid default_language' });
    }
  });

  it('changes the password only with the old one', async () => {
    const { member } = double.users;
    const call = clients.raw(member);
    expect((await call('PATCH', '/settings', { new_password: 'to be or not' })).json).toMatchObject(
      {
        msg: 'Please fill out all fields.',
      },
    );
    expect(
      (await call('PATCH', '/settings', { old_password: 'wrong', new_password: 'to be or not' }))
        .json,
    ).toMatchObject({ msg: 'Wrong password!' });
    await call('PATCH', '/settings', {
      old_password: member.password,
      new_password: 'to be or not',
    });
    const server = await probeServer(double.url);
    await expect(signInWithPassword(server, member.email, member.password)).rejects.toThrow(
      'Wrong email or password.',
    );
    expect(await signInWithPassword(server, member.email, 'to be or not')).toMatchObject({
      apiKey: member.apiKey,
    });
  });
});
