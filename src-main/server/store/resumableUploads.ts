import type { Sql } from './sql';

export interface ResumableUploadRow {
  id: number;
  path_id: string;
  owner_id: number;
  size: number;
  file_name: string;
  file_type: string;
  /** The client's Upload-Metadata, as a JSON object of strings, for HEAD to give back. */
  metadata: string;
  create_time: number;
}

export type NewResumableUpload = Omit<ResumableUploadRow, 'id'>;

export function insertResumableUpload(sql: Sql, upload: NewResumableUpload): number {
  return sql.run(
    `INSERT INTO resumable_uploads
       (path_id, owner_id, size, file_name, file_type, metadata, create_time)
     VALUES (:path_id, :owner_id, :size, :file_name, :file_type, :metadata, :create_time)`,
    upload,
  ).lastInsertRowid;
}

export function allResumableUploads(sql: Sql): ResumableUploadRow[] {
  return sql.all<ResumableUploadRow>('SELECT * FROM resumable_uploads ORDER BY id');
}

export function deleteResumableUpload(sql: Sql, id: number): void {
  sql.run('DELETE FROM resumable_uploads WHERE id = ?', [id]);
}

export function resumableUploadById(sql: Sql, id: number): ResumableUploadRow | undefined {
  return sql.get<ResumableUploadRow>('SELECT * FROM resumable_uploads WHERE id = ?', [id]);
}
