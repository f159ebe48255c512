import type { ProxySetting } from '../../../src-preload/bridge';

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

// proxySetting.ts's limits: a host name's, and a list NO_PROXY can hold.
const longestName = 253;
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
  if (host === '') problems.host = 'Give the proxy’s host name or address.';
  else if (/[\s/@?#]/.test(host)) {
    problems.host =
      'Only the host name or address, such as proxy.corp.example: no http:// and no path.';
  } else if (host.length > longestName) {
    problems.host = `A host name has at most ${longestName} characters.`;
  }
  const port = Number(form.port.trim());
  if (!/^\d+$/.test(form.port.trim()) || port < 1 || port > 65_535) {
    problems.port = 'The port is a whole number from 1 to 65535.';
  }
  if (form.username.trim().length > 255) problems.username = 'At most 255 characters.';
  const tooLong = bypass.find((entry) => entry.length > longestName);
  if (tooLong !== undefined) {
    problems.bypass = `“${tooLong.slice(0, 24)}…” is longer than any host name (${longestName} characters).`;
  } else if (bypass.length > mostBypassed) {
    problems.bypass = `At most ${mostBypassed} hosts and addresses.`;
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
