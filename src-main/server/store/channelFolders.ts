import type { Sql } from './sql';

/** A channel folder as Zulip's API gives it (`order` since feature level 414). */
export interface ChannelFolderRow {
  id: number;
  name: string;
  description: string;
  rendered_description: string;
  creator_id: number | null;
  date_created: number;
  order: number;
  is_archived: boolean;
}

const columns = `id, name, description, rendered_description, creator_id, date_created,
  sort_order AS "order", is_archived`;

const toFolder = (row: Omit<ChannelFolderRow, 'is_archived'> & { is_archived: number }) => ({
  ...row,
  is_archived: row.is_archived === 1,
});

/** The organization's folders by ID, as Zulip lists them; archived ones only when asked for. */
export function channelFolders(sql: Sql, includeArchived: boolean): ChannelFolderRow[] {
  const where = includeArchived ? '' : 'WHERE is_archived = 0';
  return sql
    .all<Parameters<typeof toFolder>[0]>(
      `SELECT ${columns} FROM channel_folders ${where} ORDER BY id`,
    )
    .map(toFolder);
}

export function channelFolderById(sql: Sql, id: number): ChannelFolderRow | undefined {
  const row = sql.get<Parameters<typeof toFolder>[0]>(
    `SELECT ${columns} FROM channel_folders WHERE id = ?`,
    [id],
  );
  return row && toFolder(row);
}

/** Whether a folder of that name exists, without regard to case, as Zulip's name__iexact. */
export function channelFolderNamed(sql: Sql, name: string): boolean {
  return (
    sql.get('SELECT 1 FROM channel_folders WHERE name = ? COLLATE NOCASE', [name]) !== undefined
  );
}

/** A new folder, last in order: Zulip orders a new folder by its ID. */
export function insertChannelFolder(
  sql: Sql,
  folder: Pick<
    ChannelFolderRow,
    'name' | 'description' | 'rendered_description' | 'creator_id' | 'date_created'
  >,
): number {
  const id = sql.run(
    `INSERT INTO channel_folders
       (name, description, rendered_description, creator_id, date_created, sort_order)
     VALUES (:name, :description, :rendered_description, :creator_id, :date_created, 0)`,
    folder,
  ).lastInsertRowid;
  sql.run('UPDATE channel_folders SET sort_order = id WHERE id = ?', [id]);
  return id;
}

export function updateChannelFolderRow(
  sql: Sql,
  id: number,
  changes: Partial<Pick<ChannelFolderRow, 'name' | 'description' | 'rendered_description'>> & {
    is_archived?: boolean;
  },
): void {
  const columns: [string, unknown][] = [
    ['name', changes.name],
    ['description', changes.description],
    ['rendered_description', changes.rendered_description],
    ['is_archived', changes.is_archived === undefined ? undefined : Number(changes.is_archived)],
  ];
  // Column names come from this list, never from the request.
  for (const [column, value] of columns) {
    if (value !== undefined) {
      sql.run(`UPDATE channel_folders SET ${column} = ? WHERE id = ?`, [value, id]);
    }
  }
}

export function setChannelFolderOrder(sql: Sql, id: number, order: number): void {
  sql.run('UPDATE channel_folders SET sort_order = ? WHERE id = ?', [order, id]);
}

/** Whether any channel, archived ones included, is filed in the folder. */
export function channelFolderInUse(sql: Sql, id: number): boolean {
  return sql.get('SELECT 1 FROM streams WHERE folder_id = ? LIMIT 1', [id]) !== undefined;
}
