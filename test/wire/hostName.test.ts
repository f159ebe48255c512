import { describe, expect, it } from 'vitest';
import { hostOfSetting } from '../../src-main/wire/hostName';

// Issue 56, point 8: `--allowed-host` and the Hosting page take a name by
// this one function, so the window refuses what the flag refuses.
describe('a name the host is also reached by, as its owner gives it', () => {
  it('takes a DNS name as a Host header would name it: lower case, no final dot, no port', () => {
    expect(hostOfSetting('chat.corp.example')).toBe('chat.corp.example');
    expect(hostOfSetting('  Chat.Corp.Example. ')).toBe('chat.corp.example');
    expect(hostOfSetting('chat.corp.example:8443')).toBe('chat.corp.example');
    expect(hostOfSetting('intranet')).toBe('intranet');
  });

  it('takes an address, IPv6 with or without brackets', () => {
    expect(hostOfSetting('192.0.2.10')).toBe('192.0.2.10');
    expect(hostOfSetting('fd00::7')).toBe('fd00::7');
    expect(hostOfSetting('[FD00:0:0:0:0:0:0:7]')).toBe('fd00::7');
    expect(hostOfSetting('::ffff:192.0.2.10')).toBe('::ffff:c000:20a');
  });

  it('refuses anything that is not a name or an address alone', () => {
    for (const typed of [
      '',
      '   ',
      'chat.corp.example/',
      'https://chat.corp.example',
      'user@chat.corp.example',
      'chat corp.example',
      'chat_corp.example',
      'fe80::1%eth0',
      '1:2:3',
      'fd00::7::8',
      'chat.corp.example:99999',
    ]) {
      expect(hostOfSetting(typed), typed).toBeNull();
    }
  });
});
