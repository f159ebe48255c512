import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customProfileFieldSchema, profileDataSchema } from '../../src-main/wire';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 9 and 10 (feature levels 244 and 296): what every field says unless
// its administrators chose otherwise.
const everyoneEdits = { required: false, editable_by_user: true };

const editorOptions = {
  vim: { text: 'Vim', order: '1' },
  emacs: { text: 'Emacs', order: '2' },
};

describe('custom profile fields', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterAll(() => org.close());

  const createField = async (params: Record<string, unknown>): Promise<number> => {
    const response = await org.api(org.owner)('POST', '/realm/profile_fields', params);
    if (response.status !== 200) throw new Error(JSON.stringify(response.json));
    return response.json.id as number;
  };
  const fields = async () =>
    customProfileFieldSchema
      .array()
      .parse((await org.api(alice)('GET', '/realm/profile_fields')).json.custom_fields);
  const fieldNamed = async (name: string) => {
    const field = (await fields()).find((candidate) => candidate.name === name);
    if (!field) throw new Error(`no field ${name}`);
    return field;
  };
  const setData = (user: TestUser, data: unknown) =>
    org.api(user)('PATCH', '/users/me/profile_data', { data });
  const profileDataOf = async (user: TestUser) => {
    const { members } = (
      await org.api(alice)('GET', '/users', { include_custom_profile_fields: true })
    ).json as { members: { user_id: number; profile_data: unknown }[] };
    return profileDataSchema.parse(
      members.find((member) => member.user_id === user.id)?.profile_data,
    );
  };
  const expectError = (response: { status: number; json: unknown }, msg: string) => {
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ result: 'error', msg, code: 'BAD_REQUEST' });
  };

  describe('definitions', () => {
    it('lets an administrator create a field of every type, optional and editable by its owner', async () => {
      const made = {
        phone: await createField({ name: 'Phone', hint: 'Work number', field_type: 1 }),
        biography: await createField({ name: 'Biography', field_type: 2 }),
        editor: await createField({
          name: 'Favorite editor',
          field_type: 3,
          field_data: editorOptions,
          display_in_profile_summary: true,
        }),
        birthday: await createField({ name: 'Birthday', field_type: 4 }),
        website: await createField({ name: 'Website', field_type: 5 }),
        mentor: await createField({ name: 'Mentor', field_type: 6 }),
        reddit: await createField({
          name: 'Reddit',
          field_type: 7,
          field_data: { subtype: 'custom', url_pattern: 'https://reddit.com/u/%(username)s' },
        }),
        pronouns: await createField({ name: 'Pronouns', field_type: 8 }),
      };
      expect(await fields()).toEqual([
        {
          id: made.phone,
          name: 'Phone',
          type: 1,
          hint: 'Work number',
          field_data: '',
          order: made.phone,
          ...everyoneEdits,
        },
        {
          id: made.biography,
          name: 'Biography',
          type: 2,
          hint: '',
          field_data: '',
          order: made.biography,
          ...everyoneEdits,
        },
        {
          id: made.editor,
          name: 'Favorite editor',
          type: 3,
          hint: '',
          field_data: JSON.stringify(editorOptions),
          order: made.editor,
          ...everyoneEdits,
          display_in_profile_summary: true,
        },
        {
          id: made.birthday,
          name: 'Birthday',
          type: 4,
          hint: '',
          field_data: '',
          order: made.birthday,
          ...everyoneEdits,
        },
        {
          id: made.website,
          name: 'Website',
          type: 5,
          hint: '',
          field_data: '',
          order: made.website,
          ...everyoneEdits,
        },
        {
          id: made.mentor,
          name: 'Mentor',
          type: 6,
          hint: '',
          field_data: '',
          order: made.mentor,
          ...everyoneEdits,
        },
        {
          id: made.reddit,
          name: 'Reddit',
          type: 7,
          hint: '',
          field_data: JSON.stringify({
            subtype: 'custom',
            url_pattern: 'https://reddit.com/u/%(username)s',
          }),
          order: made.reddit,
          ...everyoneEdits,
        },
        {
          id: made.pronouns,
          name: 'Pronouns',
          type: 8,
          hint: '',
          field_data: '',
          order: made.pronouns,
          ...everyoneEdits,
        },
      ]);
    });

    it("gives a predefined external account Zulip's label and hint, whatever was asked", async () => {
      const id = await createField({
        name: 'Ignored',
        hint: 'Ignored too',
        field_type: 7,
        field_data: { subtype: 'github' },
      });
      expect((await fields()).find((field) => field.id === id)).toMatchObject({
        name: 'GitHub username',
        hint: 'Enter your GitHub username',
        field_data: '{"subtype":"github"}',
      });
    });

    it('refuses every change to fields from members who are not administrators', async () => {
      const { id } = await fieldNamed('Phone');
      const before = await fields();
      const attempts = [
        org.api(alice)('POST', '/realm/profile_fields', { name: 'Mine', field_type: 1 }),
        org.api(alice)('PATCH', `/realm/profile_fields/${id}`, { name: 'Mine' }),
        org.api(alice)('DELETE', `/realm/profile_fields/${id}`),
        org.api(alice)('PATCH', '/realm/profile_fields', { order: before.map((f) => f.id) }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.status).toBe(400);
        expect(response.json).toMatchObject({
          result: 'error',
          msg: 'Must be an organization administrator',
          code: 'UNAUTHORIZED_PRINCIPAL',
        });
      }
      expect(await fields()).toEqual(before);
    });

    it.each([
      [{ name: '  ', field_type: 1 }, 'Label cannot be blank.'],
      [{ name: 'x'.repeat(41), field_type: 1 }, 'name is too long (limit: 40 characters)'],
      [
        { name: 'Fax', hint: 'h'.repeat(81), field_type: 1 },
        'hint is too long (limit: 80 characters)',
      ],
      [{ name: 'Fax', field_type: 100 }, 'Invalid field type.'],
      [
        { name: 'Essay', field_type: 2, use_for_user_matching: true },
        'Field type not supported for user matching.',
      ],
      [
        { name: 'Birth', field_type: 4, use_for_user_matching: true },
        'Field type not supported for user matching.',
      ],
      [
        { name: 'Buddy', field_type: 6, display_in_profile_summary: true },
        'Field type not supported for display in profile summary.',
      ],
      [{ name: 'Phone', field_type: 1 }, 'A field with that label already exists.'],
      [{ name: 'Shell', field_type: 3 }, 'Field must have at least one choice.'],
      [{ name: 'Shell', field_type: 3, field_data: { bash: 'Bash' } }, 'field_data is not a dict'],
      [
        { name: 'Shell', field_type: 3, field_data: { bash: { text: 'Bash' } } },
        'order key is missing from field_data',
      ],
      [
        { name: 'Shell', field_type: 3, field_data: { bash: { text: 'Bash', order: ' ' } } },
        'field_data["order"] cannot be blank.',
      ],
      [
        { name: 'Shell', field_type: 3, field_data: { ' ': { text: 'Bash', order: '1' } } },
        "'value' cannot be blank.",
      ],
      [
        {
          name: 'Shell',
          field_type: 3,
          field_data: { bash: { text: 'Bash', order: '1', color: 'red' } },
        },
        'Unexpected arguments: color',
      ],
      [
        {
          name: 'Shell',
          field_type: 3,
          field_data: { a: { text: 'Bash', order: '1' }, b: { text: 'Bash', order: '2' } },
        },
        'Field must not have duplicate choices.',
      ],
      [{ name: 'Handle', field_type: 7 }, 'subtype key is missing from field_data'],
      [
        { name: 'Handle', field_type: 7, field_data: { subtype: 'myspace' } },
        'Invalid external account type',
      ],
      [
        { name: 'Handle', field_type: 7, field_data: { subtype: 'custom' } },
        'Custom external account must define URL pattern',
      ],
      [
        {
          name: 'Handle',
          field_type: 7,
          field_data: { subtype: 'custom', url_pattern: 'invalid' },
        },
        "URL pattern must contain '%(username)s'.",
      ],
      [
        {
          name: 'Handle',
          field_type: 7,
          field_data: { subtype: 'custom', url_pattern: 'example.com/%(username)s' },
        },
        'field_data["url_pattern"] is not a URL',
      ],
    ])('refuses the definition %j with "%s"', async (params, msg) => {
      const before = await fields();
      expectError(await org.api(org.owner)('POST', '/realm/profile_fields', params), msg);
      expect(await fields()).toEqual(before);
    });

    it('shows at most two fields in the profile summary', async () => {
      await createField({ name: 'Team', field_type: 1, display_in_profile_summary: true });
      expectError(
        await org.api(org.owner)('POST', '/realm/profile_fields', {
          name: 'Office',
          field_type: 1,
          display_in_profile_summary: true,
        }),
        'Only 2 custom profile fields can be displayed in the profile summary.',
      );
    });

    it('changes only what an update names, as Zulip 9 (feature level 252)', async () => {
      const { id } = await fieldNamed('Team');
      const response = await org.api(org.owner)('PATCH', `/realm/profile_fields/${id}`, {
        name: ' Squad ',
      });
      expect(response.json).toEqual({ result: 'success', msg: '' });
      expect((await fields()).find((field) => field.id === id)).toEqual({
        id,
        name: 'Squad',
        type: 1,
        hint: '',
        field_data: '',
        order: id,
        ...everyoneEdits,
        display_in_profile_summary: true,
      });
      await org.api(org.owner)('PATCH', `/realm/profile_fields/${id}`, {
        display_in_profile_summary: false,
      });
      expect(await fieldNamed('Squad')).toEqual({
        id,
        name: 'Squad',
        type: 1,
        hint: '',
        field_data: '',
        order: id,
        ...everyoneEdits,
      });
      expectError(
        await org.api(org.owner)('PATCH', `/realm/profile_fields/${id}`, { name: 'Phone' }),
        'A field with that label already exists.',
      );
      expectError(
        await org.api(org.owner)('PATCH', '/realm/profile_fields/99999', { name: 'Gone' }),
        'Field id 99999 not found.',
      );
    });

    it('changes only the summary flag of a predefined external account', async () => {
      const github = await fieldNamed('GitHub username');
      const same = { name: github.name, hint: github.hint, field_data: { subtype: 'github' } };
      expectError(
        await org.api(org.owner)('PATCH', `/realm/profile_fields/${github.id}`, {
          ...same,
          name: 'GitHub',
        }),
        'Default custom field cannot be updated.',
      );
      const flagged = await org.api(org.owner)('PATCH', `/realm/profile_fields/${github.id}`, {
        ...same,
        display_in_profile_summary: true,
      });
      expect(flagged.status).toBe(200);
      expect(await fieldNamed('GitHub username')).toMatchObject({
        display_in_profile_summary: true,
      });
    });

    it('orders fields by their position in the list given', async () => {
      const ids = (await fields()).map((field) => field.id);
      const reversed = [...ids].reverse();
      const response = await org.api(org.owner)('PATCH', '/realm/profile_fields', {
        order: reversed,
      });
      expect(response.json).toEqual({ result: 'success', msg: '' });
      const reordered = await fields();
      expect(reordered.map((field) => field.id)).toEqual(reversed);
      expect(reordered.map((field) => field.order)).toEqual(reversed.map((_, index) => index));
      expectError(
        await org.api(org.owner)('PATCH', '/realm/profile_fields', { order: reversed.slice(1) }),
        'Invalid order mapping.',
      );
      await org.api(org.owner)('PATCH', '/realm/profile_fields', { order: ids });
    });
  });

  describe('values', () => {
    it('stores a value of each type, rendering only the text fields, keyed by field ID', async () => {
      const id = async (name: string) => (await fieldNamed(name)).id;
      const response = await setData(alice, [
        { id: await id('Phone'), value: '*555* 0100' },
        { id: await id('Biography'), value: 'Writes **Markdown**' },
        { id: await id('Favorite editor'), value: 'vim' },
        { id: await id('Birthday'), value: '1909-03-05' },
        { id: await id('Website'), value: 'https://zulip.com' },
        { id: await id('Mentor'), value: [bob.id] },
        { id: await id('Reddit'), value: 'alice_r' },
        { id: await id('Pronouns'), value: 'she/her' },
      ]);
      expect(response.json).toEqual({ result: 'success', msg: '' });
      expect(await profileDataOf(alice)).toEqual({
        [await id('Phone')]: { value: '*555* 0100', rendered_value: '<p><em>555</em> 0100</p>' },
        [await id('Biography')]: {
          value: 'Writes **Markdown**',
          rendered_value: '<p>Writes <strong>Markdown</strong></p>',
        },
        [await id('Favorite editor')]: { value: 'vim' },
        [await id('Birthday')]: { value: '1909-03-05' },
        [await id('Website')]: { value: 'https://zulip.com' },
        [await id('Mentor')]: { value: `[${bob.id}]` },
        [await id('Reddit')]: { value: 'alice_r' },
        [await id('Pronouns')]: { value: 'she/her' },
      });
      expect(await profileDataOf(bob)).toEqual({});
    });

    it('leaves profile_data out of GET /users unless asked, and puts it in GET /users/me', async () => {
      const { members } = (await org.api(alice)('GET', '/users')).json;
      for (const member of members) expect(member).not.toHaveProperty('profile_data');
      const me = (await org.api(alice)('GET', '/users/me')).json;
      expect(me.profile_data).toEqual(await profileDataOf(alice));
    });

    it.each([
      ['Phone', 't'.repeat(51), 'Phone is too long (limit: 50 characters)'],
      ['Biography', 'b'.repeat(501), 'Biography is too long (limit: 500 characters)'],
      ['Pronouns', [1], 'Pronouns is not a string'],
      ['Birthday', 'a-b-c', 'Birthday is not a date'],
      ['Birthday', '1909-3-5', 'Birthday is not a date'],
      ['Birthday', '2001-02-29', 'Birthday is not a date'],
      ['Website', 'not a URL', 'Website is not a URL'],
      ['Website', 'javascript:alert(1)', 'Website is not a URL'],
      ['Favorite editor', 'nano', "'nano' is not a valid choice for 'Favorite editor'."],
      ['Mentor', 'bob', 'User IDs is not a list'],
      ['Mentor', [99999], 'Invalid user ID: 99999'],
    ])('refuses %s = %j with "%s", changing nothing', async (name, value, msg) => {
      const before = await profileDataOf(alice);
      const phone = await fieldNamed('Phone');
      const field = await fieldNamed(name);
      const response = await setData(alice, [
        { id: phone.id, value: 'changed first' },
        { id: field.id, value },
      ]);
      expectError(response, msg);
      expect(await profileDataOf(alice)).toEqual(before);
    });

    it('refuses an unknown field and a malformed list', async () => {
      expectError(await setData(alice, [{ id: 99999, value: 'x' }]), 'Field id 99999 not found.');
      const malformed = await setData(alice, [{ id: 1, value: null }]);
      expect(malformed.status).toBe(400);
      expect(malformed.json).toMatchObject({ var_name: 'data' });
    });

    it('removes values, passing over a field without one and refusing an unknown one', async () => {
      const pronouns = await fieldNamed('Pronouns');
      const remove = (data: unknown) =>
        org.api(alice)('DELETE', '/users/me/profile_data', { data });
      expect((await remove([pronouns.id])).json).toEqual({ result: 'success', msg: '' });
      expect((await remove([pronouns.id])).json).toEqual({ result: 'success', msg: '' });
      expect(await profileDataOf(alice)).not.toHaveProperty(String(pronouns.id));
      const phone = await fieldNamed('Phone');
      expectError(await remove([phone.id, 99999]), 'Field id 99999 not found.');
      expect(await profileDataOf(alice)).toHaveProperty(String(phone.id));
    });

    it('clears the values that chose an option the field no longer offers', async () => {
      const editor = await fieldNamed('Favorite editor');
      await setData(bob, [{ id: editor.id, value: 'emacs' }]);
      const response = await org.api(org.owner)('PATCH', `/realm/profile_fields/${editor.id}`, {
        name: editor.name,
        field_data: { emacs: editorOptions.emacs },
      });
      expect(response.status).toBe(200);
      expect(await profileDataOf(alice)).not.toHaveProperty(String(editor.id));
      expect((await profileDataOf(bob))[String(editor.id)]).toEqual({ value: 'emacs' });
    });

    it("deletes a field with everyone's values of it", async () => {
      const website = await fieldNamed('Website');
      expect(await profileDataOf(alice)).toHaveProperty(String(website.id));
      const response = await org.api(org.owner)('DELETE', `/realm/profile_fields/${website.id}`);
      expect(response.json).toEqual({ result: 'success', msg: '' });
      expect(await profileDataOf(alice)).not.toHaveProperty(String(website.id));
      expect((await fields()).map((field) => field.id)).not.toContain(website.id);
      expectError(
        await org.api(org.owner)('DELETE', `/realm/profile_fields/${website.id}`),
        `Field id ${website.id} not found.`,
      );
    });

    it('keeps fields, order and values across a restart', async () => {
      const definitions = await fields();
      const data = await profileDataOf(alice);
      await org.restart();
      expect(await fields()).toEqual(definitions);
      expect(await profileDataOf(alice)).toEqual(data);
    });
  });

  describe('register and events', () => {
    const register = async (user: TestUser) =>
      (
        await org.api(user)('POST', '/register', {
          event_types: ['custom_profile_fields', 'realm_user'],
        })
      ).json;
    const eventsOf = async (user: TestUser, queueId: string) =>
      (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
        .events as Record<string, unknown>[];

    it("registers the fields, Zulip 7.0's field types and every human's profile_data", async () => {
      const state = await register(bob);
      expect(state.custom_profile_fields).toEqual(await fields());
      expect(state.custom_profile_field_types).toEqual({
        SHORT_TEXT: { id: 1, name: 'Short text' },
        LONG_TEXT: { id: 2, name: 'Long text' },
        DATE: { id: 4, name: 'Date picker' },
        URL: { id: 5, name: 'Link' },
        EXTERNAL_ACCOUNT: { id: 7, name: 'External account' },
        PRONOUNS: { id: 8, name: 'Pronouns' },
        SELECT: { id: 3, name: 'List of options' },
        USER: { id: 6, name: 'Person picker' },
      });
      const aliceInState = state.realm_users.find(
        (user: { user_id: number }) => user.user_id === alice.id,
      );
      expect(aliceInState.profile_data).toEqual(await profileDataOf(alice));
    });

    it('sends the whole field list to everyone when a field is created', async () => {
      const queues = await Promise.all([alice, bob].map(register));
      const id = await createField({ name: 'Desk', field_type: 1 });
      for (const [index, user] of [alice, bob].entries()) {
        const events = await eventsOf(user, queues[index].queue_id);
        expect(events).toEqual([
          expect.objectContaining({ type: 'custom_profile_fields', fields: await fields() }),
        ]);
        expect((events[0]?.fields as { id: number }[]).map((field) => field.id)).toContain(id);
      }
    });

    it("tells everyone of a user's changed and removed value, and nothing of an unchanged one", async () => {
      const desk = await fieldNamed('Desk');
      const { queue_id } = await register(bob);
      await setData(alice, [{ id: desk.id, value: '*4B*' }]);
      await setData(alice, [{ id: desk.id, value: '*4B*' }]);
      await org.api(alice)('DELETE', '/users/me/profile_data', { data: [desk.id] });
      const events = await eventsOf(bob, queue_id);
      expect(events.map(({ id: _id, ...event }) => event)).toEqual([
        {
          type: 'realm_user',
          op: 'update',
          person: {
            user_id: alice.id,
            custom_profile_field: {
              id: desk.id,
              value: '*4B*',
              rendered_value: '<p><em>4B</em></p>',
            },
          },
        },
        {
          type: 'realm_user',
          op: 'update',
          person: { user_id: alice.id, custom_profile_field: { id: desk.id, value: null } },
        },
      ]);
    });
  });
});
