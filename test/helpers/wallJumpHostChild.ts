// `wallJumpHostChild.ts DATA_DIR OPTIONS_JSON`: a host started with the
// given options, in a process of its own that wallJumpHost.ts runs under
// libfaketime. Prints one line of JSON: its URL and its owner's
// credentials. Over the IPC channel it answers what only its own process
// can tell: the clocks as it reads them (`clocks`), and the Hosting page's
// "Back up now" (`backup`), which is not an HTTP endpoint.
import { startHost, type HostOptions } from '../../src-main/server/host';

export type ChildQuestion = 'clocks' | 'backup';
export type ChildAnswer =
  { wallMs: number; monotonicMs: number } | { backup: string } | { backupFailed: string };

const [dataDir, options] = process.argv.slice(2);
if (!dataDir || !options) throw new Error('usage: wallJumpHostChild.ts DATA_DIR OPTIONS_JSON');
const host = await startHost({
  ...(JSON.parse(options) as Partial<HostOptions>),
  dataDir,
  port: 0,
  announce: false,
});

const answer = async (question: ChildQuestion): Promise<ChildAnswer> => {
  if (question === 'clocks') return { wallMs: Date.now(), monotonicMs: performance.now() };
  if (!host.backups) return { backupFailed: 'the host takes no backups' };
  return host.backups.take().then(
    (file) => ({ backup: file.name }),
    (error: unknown) => ({ backupFailed: String(error) }),
  );
};
process.on('message', (question: ChildQuestion) => {
  void answer(question).then((reply) => process.send?.(reply));
});
process.stdout.write(
  `${JSON.stringify({ url: host.url, email: host.owner.email, apiKey: host.owner.apiKey })}\n`,
);
process.once('SIGTERM', () => void host.close().then(() => process.exit(0)));
