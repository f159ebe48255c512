import { describe, expect, it } from 'vitest';
import { ruleMessages } from './ruleMessages';

const restrictedImports = (filePath: string, code: string): Promise<string[]> =>
  ruleMessages('@typescript-eslint/no-restricted-imports', filePath, code);

// The boundaries of docs/architecture.md hold only while these rules do.
describe('import zones', () => {
  it.each([
    ['src-main/server/zone.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['src-main/client/zone.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    [
      'src-main/server/zone.ts',
      "import { Session } from '../client/session/session';\nexport const s = Session;\n",
    ],
    [
      'src-main/server/zone.ts',
      "import { openKeychain } from '../desktop/keychain';\nexport const k = openKeychain;\n",
    ],
    [
      'src-main/client/zone.ts',
      "import { startHost } from '../server/host';\nexport const h = startHost;\n",
    ],
    [
      'src-renderer/src/zone.ts',
      "import { bridgeCalls } from '../../src-preload/bridge';\nexport const b = bridgeCalls;\n",
    ],
    [
      'src-renderer/src/zone.ts',
      "import type { Message } from '../../src-main/wire';\nexport type M = Message;\n",
    ],
    [
      'src-renderer/src/zone.ts',
      "import { readFile } from 'node:fs';\nexport const r = readFile;\n",
    ],
    [
      'src-preload/zone.ts',
      "export type { ProxySetting } from '../src-main/client/network/proxySetting';\n",
    ],
    [
      'src-preload/index.ts',
      "import type { Session } from '../src-main/client/session/session';\nexport type S = Session;\n",
    ],
    [
      'src-main/wire/zone.ts',
      "import type { Session } from '../client';\nexport type S = Session;\n",
    ],
    [
      'src-main/wire/zone.ts',
      "import type { Host } from '../../src-main/server/host';\nexport type H = Host;\n",
    ],
    [
      'src-main/wire/zone.ts',
      "import type { ApplyOptions } from '../reducer/applyEvent';\nexport type A = ApplyOptions;\n",
    ],
    [
      'src-main/wire/zone.ts',
      "import type { RoleNumber } from '../permissions/rolePolicies';\nexport type R = RoleNumber;\n",
    ],
    [
      'src-main/wire/zone.ts',
      "import type { IsMuted } from '../registerReads/topicMuting';\nexport type M = IsMuted;\n",
    ],
    [
      'src-main/wire/zone.ts',
      "import type { PollState } from '../widgets/poll';\nexport type P = PollState;\n",
    ],
    [
      'src-main/wire/zone.ts',
      "import type { ChatBridge } from '../../src-preload/bridge';\nexport type B = ChatBridge;\n",
    ],
    [
      'src-main/wire/zone.ts',
      "import type { Row } from '../../src-renderer/src/lib/feedRows';\nexport type R = Row;\n",
    ],
  ])('forbids %s from importing across its boundary (%#)', async (filePath, code) => {
    expect(await restrictedImports(filePath, code)).toHaveLength(1);
  });

  it.each([
    ['src-main/desktop/zone.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['src-main/index.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    [
      'src-renderer/src/zone.ts',
      "import type { ChatBridge } from '../../src-preload/bridge';\nexport type B = ChatBridge;\n",
    ],
    [
      'src-preload/bridge.ts',
      "export type { ProxySetting } from '../src-main/wire/proxySetting';\n",
    ],
    ['src-main/wire/zone.ts', "import { glyph } from './emojiGlyph';\nexport const g = glyph;\n"],
  ])('lets %s import what its part needs (%#)', async (filePath, code) => {
    expect(await restrictedImports(filePath, code)).toEqual([]);
  });
});
