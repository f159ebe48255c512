import { session } from 'electron';
import type { SystemProxy } from '../client/network/routing';
import { pacRoute } from '../client/network/proxyRoute';

/**
 * The desktop's proxy for a URL, as Chromium resolves it: the system's
 * settings on macOS and Windows, GNOME's or KDE's (a PAC file included) or
 * the environment on Linux.
 */
export const electronSystemProxy: SystemProxy = async (target) =>
  pacRoute(await session.defaultSession.resolveProxy(target.href));
