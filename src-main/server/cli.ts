import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultBackupPolicy } from './backups/backupSchedule';
import { defaultDataDir } from './dataDir';
import { parseBindKeyFile } from './certificates/bindKeyFile';
import { publicNameSettingsSchema, type PublicNameSettings } from './certificates/publicName';
import type { NameChange } from './certificates/servedName';
import { startHost, type HostOptions, type OwnCertificate } from './host';
import { zulipRateRules } from './http/rateLimits';
import { isLoopback } from './network/addresses';
import { hostOfSetting } from '../wire/hostName';
import { parseHostPort } from '../wire/hostPort';
import { askToAcceptTerms } from './push/termsPrompt';

const usage = `Usage: npm run serve -- [options]

Hosts a Hearth organization that Zulip clients can connect to.

Options:
  --port <n>        TCP port (default 9991; 0 picks a free one)
  --host <address>  address to listen on (default 127.0.0.1); another address,
                    or 0.0.0.0 / :: for all of them, needs --tls
  --tls             serve --host and --port over HTTPS, with a certificate the
                    host makes once in <data-dir>/tls; plain HTTP stays on
                    loopback, at --loopback-port
  --tls-cert <file> --tls-key <file>
                    serve the network with your own certificate for a name of
                    yours (PEM, followed by its chain) and its key, which phones
                    check against the public authorities; implies --tls
  --public-name <name>
                    a DNS name of yours for this computer: the host obtains a
                    certificate phones trust for it over ACME (DNS-01, no port
                    open to the internet), renews it, and keeps the name's
                    A/AAAA records on this computer's address, through signed
                    DNS updates; implies --tls. Kept in <data-dir>/tls/public
                    for later starts with --tls
  --dns-server <host[:port]>
                    with --public-name: the DNS server taking RFC 2136 updates
                    for the name's zone
  --dns-key-file <file>
                    its TSIG key, as tsig-keygen or ddns-confgen write it
  --cloudflare-token-file <file>
                    with --public-name, instead of --dns-server: change the
                    name's records through Cloudflare's API, with the API token
                    (Zone.DNS edit permission) in <file>
  --dns-zone <zone> the name's zone (default: the name without its first label)
  --acme-directory <url>
                    the ACME authority (default Let's Encrypt's)
  --acme-email <address>
                    the address the authority writes to about the certificate
  --forget-public-name
                    stop using the kept public name or certificate: its records
                    stop pointing here, its settings and keys are removed, and
                    the host serves its own certificate alone; implies --tls
  --allowed-host <name>
                    a name the host is also reached by (a reverse proxy's, the
                    office DNS's); repeat for more. Loopback, this computer's
                    names and addresses and its certificate's names are always
                    answered; any other Host header is refused
  --loopback-port <n>
                    with --tls, the plain-HTTP port on 127.0.0.1
                    (default --port + 1; 0 picks a free one)
  --data-dir <dir>  where the database and zuliprc live
                    (default $XDG_DATA_HOME/hearth, else ~/.local/share/hearth)
  --keep-backups <n>
                    daily backups kept in <data-dir>/backups (default 7; 0: none)
  --restore <file>  put this backup in place of the database, then serve it
                    (the database it replaces is kept beside it)
  --reactivate-organization
                    open again the organization its owner deactivated, with
                    all its data, which the host keeps
  --dev             development mode: demo data and /api/v1/dev_fetch_api_key
  --rate-limit <n>  requests a minute per user and per unauthenticated address
                    (default Zulip's 200 and 100)
  --no-rate-limits  serve without Zulip's rate limits (for benchmarks)
  --bots-reach-private-networks
                    let outgoing webhook bots post to this computer and
                    private networks (refused unless given)
  --register-push-service
                    register with Zulip's Mobile Push Notification Service,
                    so that phones are notified (docs/push-notifications.md),
                    then serve; asks you to accept the service's terms first
  --push-service-url <url>
                    with --register-push-service: the service's address
                    (Hearth has none by default)
  --contact-email <address>
                    with --register-push-service: who the service writes to
                    about this host
  --agree-to-push-service-terms
                    accept the service's terms without being asked
  --help            show this message`;

class UsageError extends Error {}

function parseOptions(argv: string[]): HostOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        dev: { type: 'boolean' },
        tls: { type: 'boolean' },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        'public-name': { type: 'string' },
        'dns-server': { type: 'string' },
        'dns-key-file': { type: 'string' },
        'dns-zone': { type: 'string' },
        'cloudflare-token-file': { type: 'string' },
        'acme-directory': { type: 'string' },
        'acme-email': { type: 'string' },
        'forget-public-name': { type: 'boolean' },
        'keep-backups': { type: 'string' },
        restore: { type: 'string' },
        'reactivate-organization': { type: 'boolean' },
        'loopback-port': { type: 'string' },
        'allowed-host': { type: 'string', multiple: true },
        'no-rate-limits': { type: 'boolean' },
        'rate-limit': { type: 'string' },
        'bots-reach-private-networks': { type: 'boolean' },
        'register-push-service': { type: 'boolean' },
        'push-service-url': { type: 'string' },
        'contact-email': { type: 'string' },
        'agree-to-push-service-terms': { type: 'boolean' },
        help: { type: 'boolean' },
      },
      allowPositionals: false,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  if (values.help) return 'help';
  const port = portOption('--port', values.port, 9991);
  if (values.host !== undefined && values.host.trim() === '') {
    throw new UsageError('--host needs an address');
  }
  const host = values.host ?? '127.0.0.1';
  const certificate = ownCertificateOption(values['tls-cert'], values['tls-key']);
  const publicName = publicNameOption(values);
  if (certificate && publicName) {
    throw new UsageError('--tls-cert and --public-name are two ways to a certificate: give one');
  }
  const forget = values['forget-public-name'] === true;
  if (forget && (certificate || publicName)) {
    throw new UsageError(
      `--forget-public-name goes back to the host's own certificate: give it without ${certificate ? '--tls-cert' : '--public-name'}`,
    );
  }
  const name: NameChange | undefined = publicName
    ? { kind: 'public-name', ...publicName }
    : forget
      ? { kind: 'none' }
      : undefined;
  const tls = values.tls === true || certificate !== undefined || name !== undefined;
  if (!tls && !isLoopback(host)) {
    throw new UsageError(
      `--host ${host} serves the network, which Hearth does only over HTTPS: add --tls`,
    );
  }
  if (!tls && values['loopback-port'] !== undefined) {
    throw new UsageError('--loopback-port goes with --tls');
  }
  const loopbackPort = portOption(
    '--loopback-port',
    values['loopback-port'],
    port === 0 || port === 65535 ? 0 : port + 1,
  );
  const keep = values['keep-backups'] === undefined ? 7 : Number(values['keep-backups']);
  if (!Number.isSafeInteger(keep) || keep < 0) {
    throw new UsageError(
      `--keep-backups must be a whole number of backups, not '${values['keep-backups']}'`,
    );
  }
  for (const name of values['allowed-host'] ?? []) {
    if (hostOfSetting(name) === null) {
      throw new UsageError(`--allowed-host takes a host name or address, not '${name}'`);
    }
  }
  const perMinute = values['rate-limit'] === undefined ? null : Number(values['rate-limit']);
  if (perMinute !== null && (!Number.isSafeInteger(perMinute) || perMinute < 1)) {
    throw new UsageError(
      `--rate-limit must be a whole number of requests, not '${values['rate-limit']}'`,
    );
  }
  return {
    ...(tls
      ? {
          port: loopbackPort,
          host: '127.0.0.1',
          network: {
            address: host,
            port,
            certificate,
            name,
          },
        }
      : { port, host }),
    dataDir: values['data-dir'] ?? defaultDataDir(),
    dev: values.dev ?? false,
    ...(keep > 0 ? { backups: { ...defaultBackupPolicy, keep } } : {}),
    ...(values.restore === undefined ? {} : { restoreFrom: values.restore }),
    ...(values['reactivate-organization'] ? { reactivateOrganization: true } : {}),
    ...(values['allowed-host'] === undefined ? {} : { allowedHosts: values['allowed-host'] }),
    ...(values['bots-reach-private-networks']
      ? { outgoingWebhooks: { allowPrivateAddresses: true } }
      : {}),
    ...pushServiceOption(values),
    ...(values['no-rate-limits']
      ? { rateLimits: false as const }
      : perMinute !== null
        ? {
            rateLimits: {
              ...zulipRateRules,
              byUser: { windowSeconds: 60, count: perMinute },
              byIp: { windowSeconds: 60, count: perMinute },
            },
          }
        : {}),
  };
}

function pushServiceOption(values: {
  'register-push-service'?: boolean | undefined;
  'push-service-url'?: string | undefined;
  'contact-email'?: string | undefined;
  'agree-to-push-service-terms'?: boolean | undefined;
}): Pick<HostOptions, 'registerPushService'> {
  const url = values['push-service-url'];
  const contactEmail = values['contact-email'];
  if (!values['register-push-service']) {
    const stray = (
      ['push-service-url', 'contact-email', 'agree-to-push-service-terms'] as const
    ).find((flag) => values[flag] !== undefined);
    if (stray) throw new UsageError(`--${stray} goes with --register-push-service`);
    return {};
  }
  if (url === undefined) {
    throw new UsageError(
      '--register-push-service needs --push-service-url: Hearth names no service of its own accord (docs/push-notifications.md says why)',
    );
  }
  if (!/^https?:\/\/[^/\s]+/.test(url) || !URL.canParse(url)) {
    throw new UsageError(`--push-service-url must be an http(s) URL, not '${url}'`);
  }
  if (contactEmail === undefined || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(contactEmail)) {
    throw new UsageError(
      `--register-push-service needs --contact-email with an email address${contactEmail === undefined ? '' : `, not '${contactEmail}'`}`,
    );
  }
  return {
    registerPushService: {
      url,
      contactEmail,
      termsAccepted: values['agree-to-push-service-terms'] === true,
    },
  };
}

function publicNameOption(values: {
  'public-name'?: string | undefined;
  'dns-server'?: string | undefined;
  'dns-key-file'?: string | undefined;
  'dns-zone'?: string | undefined;
  'cloudflare-token-file'?: string | undefined;
  'acme-directory'?: string | undefined;
  'acme-email'?: string | undefined;
}): { settings: PublicNameSettings; dnsSecret: string } | undefined {
  const name = values['public-name']?.trim().toLowerCase().replace(/\.$/, '');
  const dependents = [
    'dns-server',
    'dns-key-file',
    'dns-zone',
    'cloudflare-token-file',
    'acme-directory',
    'acme-email',
  ] as const;
  if (name === undefined) {
    const stray = dependents.find((flag) => values[flag] !== undefined);
    if (stray) throw new UsageError(`--${stray} goes with --public-name`);
    return undefined;
  }
  if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(name)) {
    throw new UsageError(`--public-name takes a DNS name such as chat.example.com, not '${name}'`);
  }
  const zone = values['dns-zone'] ?? name.slice(name.indexOf('.') + 1);
  const dns = dnsOption(values, zone);
  const settings = publicNameSettingsSchema.safeParse({
    name,
    ...(values['acme-directory'] === undefined ? {} : { directoryUrl: values['acme-directory'] }),
    ...(values['acme-email'] === undefined ? {} : { email: values['acme-email'] }),
    dns: dns.settings,
  });
  if (!settings.success) {
    throw new UsageError(`--acme-directory must be a URL, not '${values['acme-directory']}'`);
  }
  return { settings: settings.data, dnsSecret: dns.secret };
}

function readSecretFile(flag: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`--${flag} ${file} cannot be used: ${why}`);
  }
}

/** How the host changes the name's records: a DNS server's signed updates, or Cloudflare's API. */
function dnsOption(
  values: {
    'dns-server'?: string | undefined;
    'dns-key-file'?: string | undefined;
    'cloudflare-token-file'?: string | undefined;
  },
  zone: string,
): { settings: object; secret: string } {
  const server = values['dns-server'];
  const keyFile = values['dns-key-file'];
  const tokenFile = values['cloudflare-token-file'];
  if (tokenFile !== undefined) {
    if (server !== undefined || keyFile !== undefined) {
      throw new UsageError('--cloudflare-token-file replaces --dns-server and --dns-key-file');
    }
    const token = readSecretFile('cloudflare-token-file', tokenFile).trim();
    if (!/^[\x21-\x7e]+$/.test(token)) {
      throw new UsageError(`--cloudflare-token-file ${tokenFile} holds no API token`);
    }
    return { settings: { kind: 'cloudflare', zone }, secret: token };
  }
  if (server === undefined || keyFile === undefined) {
    throw new UsageError(
      "--public-name needs --dns-server and --dns-key-file, or --cloudflare-token-file: how the host changes the name's records",
    );
  }
  const dnsServer = parseHostPort(server, 53);
  if (!dnsServer) throw new UsageError(`--dns-server takes host or host:port, not '${server}'`);
  let key;
  try {
    key = parseBindKeyFile(readSecretFile('dns-key-file', keyFile));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--dns-key-file ${keyFile} cannot be used: ${(error as Error).message}`);
  }
  return {
    settings: {
      kind: 'rfc2136',
      ...dnsServer,
      zone,
      keyName: key.name,
      algorithm: key.algorithm,
    },
    secret: key.secret,
  };
}

function ownCertificateOption(
  certPath: string | undefined,
  keyPath: string | undefined,
): OwnCertificate | undefined {
  if (certPath === undefined && keyPath === undefined) return undefined;
  if (certPath === undefined || keyPath === undefined) {
    throw new UsageError('--tls-cert and --tls-key go together: the certificate and its key');
  }
  const read = (flag: string, path: string) => {
    try {
      return readFileSync(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new UsageError(`${flag} ${path} cannot be read: ${code}`);
    }
  };
  return {
    certPath,
    certPem: read('--tls-cert', certPath),
    keyPem: read('--tls-key', keyPath),
  };
}

function portOption(flag: string, value: string | undefined, fallback: number): number {
  const port = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535 || value?.trim() === '') {
    throw new UsageError(`${flag} must be a whole number from 0 to 65535, not '${value}'`);
  }
  return port;
}

async function main(): Promise<void> {
  let options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`hearth serve: ${error.message}\n\n${usage}`);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(usage);
    return;
  }
  const registration = options.registerPushService;
  if (registration && !registration.termsAccepted) {
    registration.termsAccepted = await askToAcceptTerms(registration);
    if (!registration.termsAccepted) {
      console.error('hearth serve: the terms were not accepted; nothing was sent to the service');
      process.exit(2);
    }
  }

  // Listen for signals before anything is printed: whoever reads the banner may
  // stop us at once, and a signal during start-up waits for the start to finish.
  const starting = startHost({
    ...options,
    // The host has closed by now; its log said what to restore.
    onDamaged: () => process.exit(1),
  });
  const shutDown = (signal: string) => {
    console.log(`${signal}: shutting down`);
    starting
      .then((host) => host.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', () => shutDown('SIGINT'));
  process.once('SIGTERM', () => shutDown('SIGTERM'));

  const host = await starting;
  if (host.network && 'failure' in host.network) {
    console.error(`hearth serve: ${host.network.failure.message}`);
    await host.close();
    process.exit(1);
  }
  console.log(`Hearth is hosting "${host.realmName}" at ${host.url}`);
  if (host.network) {
    for (const url of host.network.urls) console.log(`On the network: ${url}`);
    console.log(`Certificate SHA-256 fingerprint: ${host.network.fingerprint}`);
    const publicName = host.publicName();
    if (publicName) {
      const served = publicName.certificate.served;
      console.log(
        served
          ? `Public name ${publicName.name}: certificate from ${served.issuer}, valid until ${served.notAfter.toISOString()}`
          : `Public name ${publicName.name}: asking the authority for its certificate (the log says how it goes)`,
      );
    }
    if (host.network.names.length > 0) {
      console.log(`Certificate for ${host.network.names.join(', ')}: phones and browsers check it`);
    } else {
      console.log(`Certificate (a zuliprc's cert_bundle): ${host.network.certPath}`);
    }
  }
  const push = host.pushService();
  if (push?.registeredAt != null) {
    console.log(`Phones: notified through the push service at ${push.url}`);
  } else if (push) {
    console.log(
      `Phones: not notified: the push service at ${push.url} ${push.refusal === null ? 'has not been reached' : `refused: ${push.refusal}`}`,
    );
  }
  console.log(`Owner: ${host.owner.fullName} <${host.owner.email}>`);
  console.log(`zuliprc: ${host.zuliprcPath}`);
  if (options.dev) console.log('Development mode: demo data and dev_fetch_api_key are enabled.');
}

main().catch((error: unknown) => {
  console.error(`hearth serve: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
