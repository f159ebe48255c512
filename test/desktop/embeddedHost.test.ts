import { afterAll, describe, expect, it } from 'vitest';
import { secretAccount } from '../../src-main/client/secretStore';
import { openKeychain } from '../../src-main/desktop/keychain';
import { eventually } from '../helpers/hearth';
import { embeddedHearths } from './embeddedHearths';

const hearths = embeddedHearths('embedded');
const { keychainService, start } = hearths;
afterAll(() => hearths.stopAll());

// What src-main/index.ts does on start, minus the window: the part that plain Node can run.
describe('hosting an organization from the app', () => {
  it('creates it from the onboarding answers, signs in as its owner with the key in the keychain, and finds it again after a restart', async () => {
    const first = await start();
    const hosted = await first.service.hostOrganization({
      organizationName: 'Lakeside Bakery',
      fullName: 'Dana Baker',
      email: 'dana@lakeside.example',
      password: 'flour and water',
      language: 'pt-BR',
    });
    expect(hosted).toMatchObject({ ok: true });
    const state = await first.service.getAppState({});
    const [account] = state.accounts;
    expect(account).toMatchObject({
      realmName: 'Lakeside Bakery',
      email: 'dana@lakeside.example',
      hosted: true,
      keyInMemoryOnly: false,
      needsSignIn: false,
    });
    await eventually('connected', () => first.app.active().connection.state === 'connected');
    const snapshot = await first.service.getSnapshot({});
    expect(snapshot.user).toMatchObject({ fullName: 'Dana Baker' });
    // The form's language is the organization's, and so its owner's: a Zulip
    // 12 host writes Brazilian Portuguese `pt-br`, which the window reads back.
    expect(snapshot.display.language).toBe('pt-br');
    expect(snapshot.streams.map((stream) => stream.name)).toEqual(['general']);

    const keychain = await openKeychain({ service: keychainService });
    const url = account?.serverUrl ?? '';
    expect(await keychain.get(secretAccount(url, 'dana@lakeside.example'))).toEqual(
      expect.any(String),
    );
    expect(
      await first.service.hostOrganization({
        organizationName: 'A second one',
        fullName: 'Dana Baker',
        email: 'dana@lakeside.example',
        password: 'flour and water',
        language: 'en',
      }),
    ).toMatchObject({ ok: false, field: 'form' });

    await hearths.stop(first);
    const second = await start();
    const again = await second.service.getAppState({});
    expect(again.accounts).toEqual([
      expect.objectContaining({ realmName: 'Lakeside Bakery', hosted: true, serverUrl: url }),
    ]);
    await eventually(
      'connected after the restart',
      () => second.app.active().connection.state === 'connected',
    );
  });
});
