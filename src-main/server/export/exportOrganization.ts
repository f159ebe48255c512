import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { saidOfFullDisk } from '../store/storageFaults';
import { HEARTH_VERSION } from '../version';
import { exportedConversations, fullScope, type ExportScope } from './exportScope';
import { ExportPace } from './exportPace';
import { ExportSource } from './exportSource';
import { writeMessageFiles } from './messageFiles';
import { writeUploads } from './uploadFiles';
import { writeRealmEmoji } from './realmEmojiFiles';
import { realmId, realmJson } from './realmJson';
import { targetTraits, type ZulipVersion } from './zulipTarget';
import type { ZerverRow } from './zerverRow';

export interface ZulipExportOptions {
  /** The organization's database (hearth.sqlite3); the host may be serving it. */
  databasePath: string;
  /** The folder to create; it must not exist yet. */
  outDir: string;
  zulipVersion: ZulipVersion;
  /** Whose private data goes; everyone's unless told (`npm run export:zulip`). */
  scope?: ExportScope;
}

export interface ZulipExportSummary {
  outDir: string;
  zulipVersion: ZulipVersion;
  users: number;
  streams: number;
  messages: number;
  userMessages: number;
  uploads: number;
  /** Emails Zulip's importer refuses: it stops at the first, so each is changed in realm.json first. */
  refusedEmails: string[];
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * Writes the organization in the files Zulip's `manage.py import` reads
 * (docs/zulip-export-format.md). The files go to a partial folder that is
 * renamed into place only when all are written, so a failed export leaves
 * nothing that looks whole.
 */
export async function exportForZulip(options: ZulipExportOptions): Promise<ZulipExportSummary> {
  const { outDir } = options;
  if (!(await exists(options.databasePath))) {
    throw new Error(`there is no organization here: ${options.databasePath} does not exist`);
  }
  if (await exists(outDir)) {
    throw new Error(`${outDir} already exists: choose a new folder for the export`);
  }
  const partial = join(dirname(outDir), `.${basename(outDir)}.partial`);
  const source = new ExportSource(options.databasePath);
  try {
    await rm(partial, { recursive: true, force: true });
    await mkdir(partial, { recursive: true, mode: 0o700 });
    const traits = targetTraits(options.zulipVersion);
    const scope = options.scope ?? fullScope;
    const selection = { scope, conversations: exportedConversations(source, scope) };
    // Messages first: realm.json keeps the reactions of those that went.
    const pace = new ExportPace();
    const written = await writeMessageFiles(source, partial, realmId, traits, selection, pace);
    const realm = await realmJson(source, traits, selection, written.messageIds, pace);
    await writeFile(join(partial, 'realm.json'), json(realm.json));
    const uploads = await writeUploads(source, partial, realmId, traits, {
      scope,
      messageIds: written.messageIds,
      scheduledMessages: realm.json['zerver_scheduledmessage'] as ZerverRow[],
    });
    await writeFile(
      join(partial, 'attachment.json'),
      json({ zerver_attachment: uploads.attachments }),
    );
    await writeRecords(partial, 'avatars', []);
    await writeRealmEmoji(source, partial, realmId);
    const icon = source.get<{ data: Buffer }>('SELECT data FROM realm_icon WHERE id = 1');
    if (realm.realm.icon_source === 'U' && icon) await writeRealmIcon(partial, icon.data);
    const summary: ZulipExportSummary = {
      outDir,
      zulipVersion: options.zulipVersion,
      users: realm.users,
      streams: realm.streams,
      messages: written.messages,
      userMessages: written.userMessages,
      uploads: uploads.files,
      refusedEmails: realm.refusedEmails,
    };
    // Not read by Zulip: tells whoever imports which release the rows are for.
    await writeFile(
      join(partial, 'hearth-export.json'),
      json({
        written_by: `Hearth ${HEARTH_VERSION}`,
        exported_at: Math.floor(Date.now() / 1000),
        zulip_version: options.zulipVersion,
        users: summary.users,
        streams: summary.streams,
        messages: summary.messages,
        uploads: summary.uploads,
        message_files: written.files,
        refused_emails: summary.refusedEmails,
      }),
    );
    await rename(partial, outDir);
    return summary;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw saidOfFullDisk(error, 'the export was not written, and nothing of it is left.');
  } finally {
    source.close();
  }
}

async function writeRecords(dir: string, folder: string, records: unknown[]): Promise<void> {
  await mkdir(join(dir, folder), { recursive: true });
  await writeFile(join(dir, folder, 'records.json'), json(records));
}

/**
 * Zulip keeps an uploaded icon as icon.original and a resized icon.png; the
 * importer copies both as they are, so both are the image as uploaded.
 */
async function writeRealmIcon(dir: string, image: Buffer): Promise<void> {
  await mkdir(join(dir, 'realm_icons', String(realmId)), { recursive: true });
  const records = [];
  for (const name of ['icon.png', 'icon.original']) {
    const path = `${realmId}/${name}`;
    await writeFile(join(dir, 'realm_icons', path), image);
    records.push({ realm_id: realmId, path, s3_path: path });
  }
  await writeRecords(dir, 'realm_icons', records);
}
