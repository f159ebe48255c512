import type { ProxySetting } from '../../../src-preload/bridge';
import { t } from './i18n.svelte';

type Manual = Extract<ProxySetting, { mode: 'manual' }>;

/** Settings › Network's fields as the person edits them, before they make a setting. */
export interface ProxyForm {
  mode: ProxySetting['mode'];
  scheme: Manual['scheme'];
  host: string;
  /** As typed. */
  port: string;
  username: string;
  /** The bypass list as typed: one per line, or separated by commas. */
  bypass: string;
}

// Squid's and most office proxies' port, for a form that starts empty.
const usualPort = '3128';

export function proxyForm(setting: ProxySetting): ProxyForm {
  if (setting.mode !== 'manual') {
    return {
      mode: setting.mode,
      scheme: 'http',
      host: '',
      port: usualPort,
      username: '',
      bypass: '',
    };
  }
  return {
    mode: 'manual',
    scheme: setting.scheme,
    host: setting.host,
    port: String(setting.port),
    username: setting.username ?? '',
    bypass: setting.bypass.join('\n'),
  };
}

const bypassList = (typed: string): string[] => [
  ...new Set(
    typed
      .split(/[\n,]/)
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  ),
];

export type ProxyFormProblems = Partial<Record<'host' | 'port' | 'username' | 'bypass', string>>;

// proxySetting.ts's limits: a host name's, a user name's, and a list NO_PROXY can hold.
const longestName = 253;
const longestUsername = 255;
const mostBypassed = 200;

/**
 * What main's rules for a proxy (proxySetting.ts) would refuse, said beside
 * its field before anything is sent.
 */
export function proxyFormProblems(form: ProxyForm): ProxyFormProblems {
  if (form.mode !== 'manual') return {};
  const host = form.host.trim();
  const bypass = bypassList(form.bypass);
  const problems: ProxyFormProblems = {};
  if (host === '') problems.host = t('window.proxy.hostMissing');
  else if (/[\s/@?#]/.test(host)) problems.host = t('window.proxy.hostOnly');
  else if (host.length > longestName) {
    problems.host = t('window.proxy.hostTooLong', { max: longestName });
  }
  const port = Number(form.port.trim());
  if (!/^\d+$/.test(form.port.trim()) || port < 1 || port > 65_535) {
    problems.port = t('window.proxy.portRange');
  }
  if (form.username.trim().length > longestUsername) {
    problems.username = t('window.proxy.usernameTooLong', { max: longestUsername });
  }
  const tooLong = bypass.find((entry) => entry.length > longestName);
  if (tooLong !== undefined) {
    problems.bypass = t('window.proxy.bypassEntryTooLong', {
      entry: tooLong.slice(0, 24),
      max: longestName,
    });
  } else if (bypass.length > mostBypassed) {
    problems.bypass = t('window.proxy.bypassTooMany', { max: mostBypassed });
  }
  return problems;
}

/** The setting the form makes; only for a form without problems. */
export function proxySettingOf(form: ProxyForm): ProxySetting {
  if (form.mode !== 'manual') return { mode: form.mode };
  const username = form.username.trim();
  return {
    mode: 'manual',
    scheme: form.scheme,
    host: form.host.trim(),
    port: Number(form.port.trim()),
    username: username === '' ? null : username,
    bypass: bypassList(form.bypass),
  };
}
