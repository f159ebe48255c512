import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { joinWithKey, removeProfile, startTestHearth } from './hearth';
import type { Org, TestUser } from './org';
import { openWindow, type RendererPage, type RendererPageOptions } from './rendererPage';

/**
 * A window on an app that quits and starts again on the same profile and
 * keychain, as the desktop app does: the first start signs in as the user.
 */
export function restartableWindow(
  org: Pick<Org, 'url'>,
  user: TestUser,
  options: Omit<RendererPageOptions, 'keepProfile'> = {},
) {
  const secrets = createMemorySecretStore();
  let profileDir = '';
  return {
    async open(): Promise<RendererPage> {
      const hearth = await startTestHearth({ ...(profileDir ? { profileDir } : {}), secrets });
      if (!profileDir) await joinWithKey(hearth.app, org.url, user);
      profileDir = hearth.profileDir;
      return openWindow(hearth, { ...options, keepProfile: true, imageOrigins: [org.url] });
    },
    async removeProfile(): Promise<void> {
      if (profileDir) await removeProfile(profileDir);
    },
  };
}
