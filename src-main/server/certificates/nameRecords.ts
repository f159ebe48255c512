import { updateRecords, type DnsUpdateServer } from './dnsUpdate';

/**
 * What the host changes in the DNS of its public name: the TXT record an
 * ACME DNS-01 challenge is answered by, and the addresses the name points at.
 * One implementation per way of changing a zone.
 */
export interface NameRecords {
  /** Puts `value` among the TXT records of `name`. */
  addTxt(name: string, value: string): Promise<void>;
  removeTxt(name: string, value: string): Promise<void>;
  /** Makes `addresses` the name's A and AAAA records, and nothing else. */
  setAddresses(name: string, addresses: readonly string[]): Promise<void>;
}

// Short, so that a name moved to a new address is found there soon.
const ADDRESS_TTL_SECONDS = 60;
const CHALLENGE_TTL_SECONDS = 60;

/** RFC 2136 dynamic updates to the zone's primary server, signed with TSIG. */
export function dynamicUpdateRecords(server: DnsUpdateServer): NameRecords {
  return {
    addTxt: (name, value) =>
      updateRecords(server, [
        { kind: 'add', name, type: 'TXT', ttl: CHALLENGE_TTL_SECONDS, value },
      ]),
    removeTxt: (name, value) =>
      updateRecords(server, [{ kind: 'remove', name, type: 'TXT', value }]),
    setAddresses: (name, addresses) =>
      updateRecords(server, [
        {
          kind: 'set',
          name,
          type: 'A',
          ttl: ADDRESS_TTL_SECONDS,
          values: addresses.filter((address) => !address.includes(':')),
        },
        {
          kind: 'set',
          name,
          type: 'AAAA',
          ttl: ADDRESS_TTL_SECONDS,
          values: addresses.filter((address) => address.includes(':')),
        },
      ]),
  };
}
