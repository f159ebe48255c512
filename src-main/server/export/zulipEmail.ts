// What Django's validate_email accepts, which Zulip's importer runs on every
// user's email: a dot-atom or quoted local part, and a DNS name with a
// letter TLD, `localhost`, or an address literal in brackets.
const dotAtom = /^[-!#$%&'*+/=?^_`{}|~0-9A-Z]+(\.[-!#$%&'*+/=?^_`{}|~0-9A-Z]+)*$/i;
// eslint-disable-next-line no-control-regex -- Django's quoted local part admits these control characters
const quoted = /^"([\x01-\x08\x0b\x0c\x0e-\x1f!#-[\]-\x7f]|\\[\x01-\x09\x0b\x0c\x0d-\x7f])*"$/i;
const domainName = /^((?:[A-Z0-9](?:[A-Z0-9-]{0,61}[A-Z0-9])?\.)+)(?:[A-Z0-9-]{2,63}(?<!-))$/i;
const ipv4Literal = /^\[(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}\]$/;

/** Whether Zulip's importer takes `email` as it is. */
export function zulipAcceptsEmail(email: string): boolean {
  if (email.length > 320) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!dotAtom.test(local) && !quoted.test(local)) return false;
  if (domain === 'localhost' || ipv4Literal.test(domain)) return true;
  const ascii = URL.canParse(`http://${domain}`) ? new URL(`http://${domain}`).hostname : '';
  return ascii !== '' && domainName.test(ascii);
}
