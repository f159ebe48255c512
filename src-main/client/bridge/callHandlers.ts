import type { BridgeCallName, BridgeCalls } from '../../../src-preload/bridge';

/** The handlers of some of the contract's calls, each typed as the contract types its call. */
export type Handlers<K extends BridgeCallName> = Pick<BridgeCalls, K>;

/** One area's handlers: the compiler reads the calls they handle from their names and holds each to the contract. */
export const handlers = <K extends BridgeCallName>(area: Handlers<K>): Handlers<K> => area;

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
