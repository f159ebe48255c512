import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// What Zulip added to custom profile fields between 7.0 and 12.0: required
// fields (feature level 244), updates that change only what they name (252),
// fields only administrators fill in (296), fields typeahead matches people
// by (455) and paragraphs in the profile summary (476).

describe('custom profile field settings since Zulip 7.0', () => {
  let org: Org;
  let alice: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
  });
  afterAll(() => org.close());

  const create = async (params: Record<string, unknown>): Promise<number> => {
    const response = await org.api(org.owner)('POST', '/realm/profile_fields', params);
    if (response.status !== 200) throw new Error(JSON.stringify(response.json));
    return response.json.id as number;
  };
  const update = (id: number, params: Record<string, unknown>) =>
    org.api(org.owner)('PATCH', `/realm/profile_fields/${id}`, params);
  const fields = async () =>
    (await org.api(alice)('GET', '/realm/profile_fields')).json.custom_fields as Record<
      string,
      unknown
    >[];
  const field = async (id: number) => (await fields()).find((candidate) => candidate.id === id);
  const expectError = (response: { status: number; json: unknown }, msg: string) => {
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
  };
  const valueOf = async (user: TestUser, id: number) => {
    const me = (await org.api(user)('GET', '/users/me')).json as {
      profile_data: Record<string, { value: string }>;
    };
    return me.profile_data[String(id)]?.value;
  };

  it('keeps whether a field is required, and says so in the list and in register', async () => {
    const id = await create({ name: 'Team', field_type: 1, required: true });
    expect(await field(id)).toMatchObject({ required: true, editable_by_user: true });
    expect(await field(id)).not.toHaveProperty('use_for_user_matching');
    const state = (
      await org.api(alice)('POST', '/register', { fetch_event_types: ['custom_profile_fields'] })
    ).json;
    expect(state.custom_profile_fields).toEqual(await fields());
    expect((await update(id, { required: false })).status).toBe(200);
    expect(await field(id)).toMatchObject({ required: false });
  });

  it('changes only what an update names, keeping the rest (feature level 252)', async () => {
    const options = { a: { text: 'A', order: '1' }, b: { text: 'B', order: '2' } };
    const id = await create({
      name: 'Floor',
      hint: 'Where you sit',
      field_type: 3,
      field_data: options,
      display_in_profile_summary: true,
      required: true,
      editable_by_user: false,
    });
    const before = await field(id);
    expect((await update(id, {})).json).toEqual({ result: 'success', msg: '' });
    expect(await field(id)).toEqual(before);
    expect((await update(id, { hint: 'Which floor' })).status).toBe(200);
    expect(await field(id)).toEqual({ ...before, hint: 'Which floor' });
    // Checked as the field it would leave: a blank label is still refused.
    expectError(await update(id, { name: ' ' }), 'Label cannot be blank.');
    expect(await field(id)).toEqual({ ...before, hint: 'Which floor' });
  });

  it('lets only administrators fill in a field not editable by its owner (feature level 296)', async () => {
    const id = await create({ name: 'Employee ID', field_type: 1, editable_by_user: false });
    expect(await field(id)).toMatchObject({ editable_by_user: false });
    const refusal =
      'You are not allowed to change this field. Contact an administrator to update it.';
    expectError(
      await org.api(alice)('PATCH', '/users/me/profile_data', { data: [{ id, value: '42' }] }),
      refusal,
    );
    expect(await valueOf(alice, id)).toBeUndefined();
    const owner = await org.api(org.owner)('PATCH', '/users/me/profile_data', {
      data: [{ id, value: '7' }],
    });
    expect(owner.status).toBe(200);
    expect(await valueOf(org.owner, id)).toBe('7');

    expect((await update(id, { editable_by_user: true })).status).toBe(200);
    await org.api(alice)('PATCH', '/users/me/profile_data', { data: [{ id, value: '42' }] });
    expect(await valueOf(alice, id)).toBe('42');
    expect((await update(id, { editable_by_user: false })).status).toBe(200);
    expectError(await org.api(alice)('DELETE', '/users/me/profile_data', { data: [id] }), refusal);
    expect(await valueOf(alice, id)).toBe('42');
  });

  it('matches people by short texts and external accounts only (feature level 455)', async () => {
    const nickname = await create({ name: 'Nickname', field_type: 1, use_for_user_matching: true });
    const github = await create({
      name: 'GitHub',
      field_type: 7,
      field_data: { subtype: 'github' },
      use_for_user_matching: true,
    });
    expect(await field(nickname)).toMatchObject({ use_for_user_matching: true });
    expect(await field(github)).toMatchObject({ use_for_user_matching: true });
    expect((await update(nickname, { hint: 'What we call you' })).status).toBe(200);
    expect(await field(nickname)).toMatchObject({ use_for_user_matching: true });
    expect((await update(nickname, { use_for_user_matching: false })).status).toBe(200);
    expect(await field(nickname)).not.toHaveProperty('use_for_user_matching');

    const website = await create({ name: 'Homepage', field_type: 5 });
    expectError(
      await update(website, { use_for_user_matching: true }),
      'Field type not supported for user matching.',
    );
    expect(await field(website)).not.toHaveProperty('use_for_user_matching');
  });

  it('shows a paragraph in the profile summary, but still no person (feature level 476)', async () => {
    for (const { id } of await fields()) {
      await update(id as number, { display_in_profile_summary: false });
    }
    const about = await create({ name: 'About', field_type: 2, display_in_profile_summary: true });
    expect(await field(about)).toMatchObject({ type: 2, display_in_profile_summary: true });
    expectError(
      await org.api(org.owner)('POST', '/realm/profile_fields', {
        name: 'Manager',
        field_type: 6,
        display_in_profile_summary: true,
      }),
      'Field type not supported for display in profile summary.',
    );
  });

  it('keeps the settings across a restart', async () => {
    const before = await fields();
    await org.restart();
    expect(await fields()).toEqual(before);
  });
});
