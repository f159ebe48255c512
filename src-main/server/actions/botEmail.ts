import { errors } from '../errors';

// Zulip's FAKE_EMAIL_DOMAIN: the domain of bot emails when the organization's
// host cannot be one, as an IP address cannot (and a port never can).
const fallbackDomain = 'hearth.local';

const dnsName = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const dotAtom = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

// Zulip's Realm.get_bot_domain: the realm's host when it is valid in an email.
export function botDomain(realmUri: string): string {
  const host = URL.canParse(realmUri) ? new URL(realmUri).hostname : '';
  return host === 'localhost' || dnsName.test(host) ? host : fallbackDomain;
}

/** As Zulip's add_bot_backend: `<short_name>-bot@<bot domain>`. */
export function botEmail(shortName: string, realmUri: string): string {
  const local = shortName.trim();
  if (local.length === 0) throw errors.badRequest('Bad name or username');
  const username = `${local}-bot`;
  if (!dotAtom.test(username) || username.length > 64) {
    throw errors.badRequest('Bad name or username');
  }
  return `${username}@${botDomain(realmUri)}`;
}
