/**
 * Which columns of the schema hold files, and how (docs/decisions/032-sealed-secrets-and-complete-backups.md).
 * The backup reads this registry to put every file a row refers to into the backup and back on restore;
 * the drill (api/test/infra/backup-restore.integration-spec.ts) fails when a column of the schema whose
 * name looks like a file column (FILE_COLUMN_NAME) is not classified here, when a value in any column
 * names a stored object or a file under DATA_DIR without its column being listed as holding one, and when
 * a restored row refers to a file that is not there.
 *
 * - `object`: a FileStorage key (local disk or S3). Every object is in the backup; the backup checks
 *   each referenced key is among them.
 * - `data-file`: the absolute path of a file under `DATA_DIR/<folder>` outside the FileStorage. The
 *   backup copies each one under `files/<folder>/`; the restore puts it under its own DATA_DIR and
 *   rewrites the row's path.
 * - `reference`: the public name of a row of another table that holds the file (`via`), kept by the dump.
 * - `none`: named like a file column but holds no file of ours (a name, a size, a checksum, a link, a
 *   build in the remote version store, which deploys bring back; see decision 032).
 */
export type FileColumn =
  | { table: string; column: string; holds: 'object' }
  | { table: string; column: string; holds: 'data-file'; folder: string }
  | { table: string; column: string; holds: 'reference'; via: string }
  | { table: string; column: string; holds: 'none'; why: string };

/** Column names that look like they hold a file: each such column of the schema must be classified below. */
export const FILE_COLUMN_NAME =
  /(^|_)(path|key|file|filename|image|artwork|asset|assets|thumbnail|attachment|attachments|attachement|logo|lrc|manifest|audio|upload|uploaded|storage|csv|pdf|document|cover|photo|avatar|media|blob)(_|$)/;

const object = (table: string, column: string): FileColumn => ({ table, column, holds: 'object' });
const reference = (table: string, column: string, via: string): FileColumn => ({ table, column, holds: 'reference', via });
const none = (table: string, column: string, why: string): FileColumn => ({ table, column, holds: 'none', why });

export const FILE_COLUMNS: FileColumn[] = [
  object('uploads', 'storage_key'),
  object('ticket_attachments', 'storage_key'),
  object('video_thumbnails', 'storage_key'),
  object('lrc_uploads', 'storage_key'),
  object('promotion_images', 'storage_key'),
  object('promotions', 'image_key'),
  object('report_requests', 'storage_key'),
  { table: 'statement_imports', column: 'file_path', holds: 'data-file', folder: 'statements' },

  reference('uploads', 'filename', 'uploads.storage_key'),
  reference('releases', 'album_artwork', 'uploads.filename'),
  reference('tracks', 'audio_track', 'uploads.filename'),
  reference('track_drafts', 'audio_track', 'uploads.filename'),
  reference('upload_qc', 'filename', 'uploads.filename'),
  reference('ticket_attachments', 'filename', 'ticket_attachments.storage_key'),
  reference('video_thumbnails', 'filename', 'video_thumbnails.storage_key'),
  reference('video_releases', 'thumbnail', 'video_thumbnails.filename'),
  reference('lrc_uploads', 'filename', 'lrc_uploads.storage_key'),
  reference('lyrics_submissions', 'lrc_link', 'lrc_uploads.filename'),
  reference('promotion_images', 'filename', 'promotion_images.storage_key'),
  reference('promotions', 'image', 'promotions.image_key'),

  none('statement_imports', 'file_name', 'the name the file was uploaded with'),
  none('statement_imports', 'file_sha256', 'a checksum'),
  none('report_requests', 'file_size', 'a size'),
  none('promotions', 'image_mime', 'a content type'),
  none('promotion_images', 'uploaded_by', 'an e-mail'),
  none('video_releases', 'audio_id', 'a track id'),
  none('video_releases', 'active_audio_id', 'a track id'),
  none('video_releases', 'audio_title', 'a title'),
  // The tools-and-rights requests name the track they are about (tools-rights/shared).
  ...['lyrics_submissions', 'playlist_pitches', 'profile_linking_requests', 'ugc_claims'].flatMap((t) => [none(t, 'audio_id', 'a track id'), none(t, 'audio_title', 'a title')]),
  none('playlist_pitches', 'social_media', 'links the artist gave'),
  none('platform_logos', 'logo', 'a file of the build (/api/static/logos), synced at boot'),
  none('playlist_pitches', 'artwork_asset', 'text the artist typed'),
  none('playlist_pitches', 'additional_assets', 'a link the artist gave'),
  none('artists', 'name_key', 'a normalised name'),
  none('payouts', 'idempotency_key', 'a request key'),
  none('settings', 'key', 'a setting name'),
  none('delivery_targets', 'path', "a folder on a store's server"),
  none('delivery_targets', 'test_path', "a folder on a store's server (the test feed's)"),
  none('delivery_targets', 'ack_path', "a folder on a store's server (its acknowledgements)"),
  none('delivery_acks', 'file_name', "the name of an acknowledgement file on a store's server (its text is kept in `raw`)"),
  none('remote_versions', 'manifest_url', 'a build in the remote version store: deploys bring it back, not the backup'),
  none('remote_live', 'manifest_url', 'a build in the remote version store: deploys bring it back, not the backup'),
  none('remote_live', 'canary_manifest_url', 'a build in the remote version store: deploys bring it back, not the backup'),
];

/** The classification of `table.column`, if any. */
export const fileColumn = (table: string, column: string): FileColumn | undefined => FILE_COLUMNS.find((c) => c.table === table && c.column === column);

/**
 * Columns of `schema` (table → column names) named like file columns but not classified in FILE_COLUMNS
 * (`table.column`). A backup records them in its manifest and warns; the drill fails on any.
 */
export function unclassifiedFileColumns(schema: Record<string, string[]>): string[] {
  const out: string[] = [];
  for (const [table, columns] of Object.entries(schema)) {
    if (table === 'migrations') continue;
    for (const column of columns) if (FILE_COLUMN_NAME.test(column) && !fileColumn(table, column)) out.push(`${table}.${column}`);
  }
  return out.sort();
}
