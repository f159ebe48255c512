import { parseArgs } from 'node:util';
import { defaultDataDir } from '../dataDir';
import { exportForZulip, type ZulipExportSummary } from './exportOrganization';
import { databaseFileOf, newExportDir } from './exportFolder';
import { defaultZulipVersion, isZulipVersion, zulipVersions } from './zulipTarget';

const usage = `Usage: npm run export:zulip -- [options]

Writes the organization in the files Zulip's \`manage.py import\` reads, so
the team can move to a Zulip server. The host may keep serving meanwhile.

Options:
  --data-dir <dir>       the organization's folder
                         (default $XDG_DATA_HOME/hearth, else ~/.local/share/hearth)
  --out <dir>            the folder to write (default <data-dir>/exports/zulip-export-<time>)
  --zulip-version <n>    the Zulip release that will import it: ${zulipVersions.join(', ')}
                         (default ${defaultZulipVersion}); only 12 carries the user groups,
                         permissions, channel folders, saved snippets, reminders
                         and presence
  --help                 show this message`;

function nextSteps(summary: ZulipExportSummary): string {
  const lines = [
    `Wrote ${summary.users} users, ${summary.streams} streams, ${summary.messages} messages ` +
      `and ${summary.uploads} files ` +
      `for Zulip ${summary.zulipVersion} to ${summary.outDir}`,
  ];
  if (summary.refusedEmails.length > 0) {
    lines.push(
      `Zulip's import stops at these emails: change each in realm.json (email and delivery_email) first: ${summary.refusedEmails.join(', ')}`,
    );
  }
  lines.push('How to import it: docs/zulip-export-format.md, "Moving to a Zulip server".');
  return lines.join('\n');
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        'data-dir': { type: 'string' },
        out: { type: 'string' },
        'zulip-version': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(
      `hearth export: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`,
    );
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  const version = Number(values['zulip-version'] ?? defaultZulipVersion);
  if (!isZulipVersion(version)) {
    console.error(
      `hearth export: --zulip-version must be one of ${zulipVersions.join(', ')}, not '${values['zulip-version']}'\n\n${usage}`,
    );
    process.exit(2);
  }
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const summary = await exportForZulip({
    databasePath: databaseFileOf(dataDir),
    outDir: values.out ?? newExportDir(dataDir),
    zulipVersion: version,
  });
  console.log(nextSteps(summary));
}

main().catch((error: unknown) => {
  console.error(`hearth export: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
