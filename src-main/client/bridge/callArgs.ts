import { z } from 'zod';
import { bridgeCalls, type BridgeCallName } from '../../../src-preload/bridge';

export class BridgeArgumentError extends Error {
  override readonly name = 'BridgeArgumentError';
}

// Arguments come from an untrusted renderer whatever the transport, so the
// service parses them itself, first, before anything else is looked at.
export const parseArgs = <K extends BridgeCallName>(
  name: K,
  args: unknown,
): z.output<(typeof bridgeCalls)[K]['args']> => {
  const parsed = bridgeCalls[name].args.safeParse(args);
  if (!parsed.success)
    throw new BridgeArgumentError(`${name}: invalid arguments: ${z.prettifyError(parsed.error)}`);
  return parsed.data as z.output<(typeof bridgeCalls)[K]['args']>;
};
