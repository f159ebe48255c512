import type { z } from 'zod';
import type {
  BridgeCallName,
  BridgeCalls,
  bridgeCalls,
  CallResult,
} from '../../../src-preload/bridge';
import { parseArgs } from './callArgs';

/** The handlers of some of the contract's calls, each typed as the contract types its call. */
export type Handlers<K extends BridgeCallName> = Pick<BridgeCalls, K>;

/** What a handler is given: its call's arguments as the contract parsed them. */
type ParsedHandlers<K extends BridgeCallName> = {
  [N in K]: (args: z.output<(typeof bridgeCalls)[N]['args']>) => Promise<CallResult<N>>;
};

/**
 * One area's handlers: the compiler reads the calls they handle from their
 * names and holds each to the contract, and each is given its arguments only
 * once they are parsed (callArgs.ts).
 */
export function handlers<K extends BridgeCallName>(area: ParsedHandlers<K>): Handlers<K> {
  const parsing: Partial<Record<BridgeCallName, (args: unknown) => Promise<unknown>>> = {};
  for (const name of Object.keys(area) as K[]) {
    const handle = area[name] as (args: unknown) => Promise<unknown>;
    parsing[name] = async (args) => handle(parseArgs(name, args));
  }
  return parsing as unknown as Handlers<K>;
}

type CallsOf<Area> = Area extends unknown ? keyof Area & BridgeCallName : never;

/** The calls more than one of the areas handles. */
type HandledTwice<Areas extends readonly object[]> = Areas extends readonly [
  infer First,
  ...infer Rest extends readonly object[],
]
  ? Extract<keyof First, CallsOf<Rest[number]>> | HandledTwice<Rest>
  : never;

/**
 * The areas' handlers as one. Each call has exactly one handler: one that two
 * areas handle turns the result into `{ handledTwice }`, and one that no area
 * handles is missing from it, so neither compiles as the contract's calls.
 */
export function allHandlers<Areas extends readonly Partial<BridgeCalls>[]>(
  ...areas: Areas
): [HandledTwice<Areas>] extends [never]
  ? Handlers<CallsOf<Areas[number]>>
  : { handledTwice: HandledTwice<Areas> } {
  return Object.assign({}, ...areas);
}
