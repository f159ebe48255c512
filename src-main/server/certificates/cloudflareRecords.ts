import { z } from 'zod';
import { DnsUpdateError, type UpdatedType } from './dnsUpdate';
import type { NameRecords } from './nameRecords';

// Cloudflare's DNS API (v4): the provider most owners of a domain already
// have, for zones whose server takes no RFC 2136 updates. An API token with
// the Zone.DNS edit permission for the zone is all the host needs.

export const CLOUDFLARE_API = 'https://api.cloudflare.com/client/v4';

export interface CloudflareZone {
  /** The zone as Cloudflare lists it (`example.com`). */
  zone: string;
  token: string;
  /** The API's address: Cloudflare's own unless a test stands in for it. */
  apiUrl?: string | undefined;
  timeoutMs?: number | undefined;
}

// Cloudflare's lowest TTL on every plan; 1 would mean "automatic", five minutes.
const TTL_SECONDS = 120;

const answerSchema = z.object({
  success: z.boolean(),
  errors: z.array(z.object({ code: z.number(), message: z.string() })).default([]),
  result: z.unknown(),
});
const zonesSchema = z.array(z.object({ id: z.string(), name: z.string() }));
const recordsSchema = z.array(
  z.object({ id: z.string(), type: z.string(), name: z.string(), content: z.string() }),
);

// Cloudflare may keep a TXT record's content quoted, as zone files write it.
const unquoted = (content: string): string =>
  content.length >= 2 && content.startsWith('"') && content.endsWith('"')
    ? content.slice(1, -1)
    : content;

/** A zone's records changed through Cloudflare's API; a refusal carries Cloudflare's own words. */
export function cloudflareRecords(account: CloudflareZone): NameRecords {
  const api = (account.apiUrl ?? CLOUDFLARE_API).replace(/\/+$/, '');
  const timeoutMs = account.timeoutMs ?? 30_000;
  let zoneId: Promise<string> | null = null;

  async function call(method: string, path: string, body?: object): Promise<unknown> {
    const where = `Cloudflare (${new URL(api).host})`;
    let response: Response;
    try {
      response = await fetch(`${api}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${account.token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      if ((error as Error).name === 'TimeoutError') {
        throw new DnsUpdateError('timeout', `${where} did not answer in ${timeoutMs / 1000} s`);
      }
      throw new DnsUpdateError(
        'unreachable',
        `${where} cannot be reached: ${cause ?? (error as Error).message}`,
      );
    }
    const text = await response.text();
    let parsed: z.infer<typeof answerSchema> | undefined;
    try {
      parsed = answerSchema.parse(JSON.parse(text));
    } catch {
      parsed = undefined;
    }
    if (!parsed) {
      throw new DnsUpdateError(
        `HTTP ${response.status}`,
        `${where} answered ${method} ${path.split('?')[0]} with HTTP ${response.status}, not its API's JSON`,
      );
    }
    if (!parsed.success || !response.ok) {
      const [first] = parsed.errors;
      const words = parsed.errors.map((error) => `${error.message} (${error.code})`).join('; ');
      throw new DnsUpdateError(
        first ? String(first.code) : `HTTP ${response.status}`,
        `${where} refused the change of ${account.zone}: ${words || `HTTP ${response.status}`}`,
      );
    }
    return parsed.result;
  }

  const zone = (): Promise<string> => {
    zoneId ??= call('GET', `/zones?name=${encodeURIComponent(account.zone)}`).then((result) => {
      const found = zonesSchema.parse(result).find((entry) => entry.name === account.zone);
      if (!found) {
        throw new DnsUpdateError(
          'NOTZONE',
          `Cloudflare lists no zone ${account.zone} that this API token may change`,
        );
      }
      return found.id;
    });
    // A failed lookup is asked again next time, not remembered.
    zoneId.catch(() => (zoneId = null));
    return zoneId;
  };

  async function records(name: string, type: UpdatedType) {
    const query = `type=${type}&name=${encodeURIComponent(name)}`;
    const result = await call('GET', `/zones/${await zone()}/dns_records?${query}&per_page=100`);
    return recordsSchema.parse(result).filter((record) => record.type === type);
  }

  async function add(name: string, type: UpdatedType, content: string): Promise<void> {
    await call('POST', `/zones/${await zone()}/dns_records`, {
      type,
      name,
      content,
      ttl: TTL_SECONDS,
      // Proxied, the name would point at Cloudflare, not at the laptop.
      ...(type === 'TXT' ? {} : { proxied: false }),
    });
  }

  const remove = async (id: string) =>
    call('DELETE', `/zones/${await zone()}/dns_records/${encodeURIComponent(id)}`);

  async function setType(name: string, type: 'A' | 'AAAA', wanted: readonly string[]) {
    const existing = await records(name, type);
    for (const value of wanted) {
      if (!existing.some((record) => record.content === value)) await add(name, type, value);
    }
    for (const record of existing) {
      if (!wanted.includes(record.content)) await remove(record.id);
    }
  }

  return {
    addTxt: (name, value) => add(name, 'TXT', value),
    async removeTxt(name, value) {
      for (const record of await records(name, 'TXT')) {
        if (unquoted(record.content) === value) await remove(record.id);
      }
    },
    async setAddresses(name, addresses) {
      await setType(
        name,
        'A',
        addresses.filter((address) => !address.includes(':')),
      );
      await setType(
        name,
        'AAAA',
        addresses.filter((address) => address.includes(':')),
      );
    },
  };
}
