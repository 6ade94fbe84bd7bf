import { MigrationInterface, QueryRunner, Table, type TableColumnOptions } from 'typeorm';

const id: TableColumnOptions = { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' };
const str = (name: string, length: number, dflt?: string): TableColumnOptions => ({ name, type: 'varchar', length: String(length), ...(dflt !== undefined ? { default: `'${dflt}'` } : {}) });
const createdAt: TableColumnOptions = { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };
const updatedAt: TableColumnOptions = { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };
const userFk = { columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' as const };

/**
 * Video releases and their thumbnails (areas §3, §4; areas §3). Engine-neutral (Table API).
 * The video catalogue is per user, newest first, optionally by status: its indexes lead with user_id
 * and end with created_at, as the audio catalogue's. A video row keeps the release and track it
 * belongs to; deleting either (only drafts and rejected releases can be deleted) deletes the video.
 */
export class Video1764000000000 implements MigrationInterface {
  name = 'Video1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'video_thumbnails',
        columns: [id, { name: 'user_id', type: 'integer' }, str('filename', 64), str('storage_key', 64), str('mime', 64), { name: 'size', type: 'bigint' }, createdAt],
        foreignKeys: [userFk],
        indices: [
          { name: 'UQ_video_thumbnails_filename', columnNames: ['filename'], isUnique: true },
          { name: 'IDX_video_thumbnails_user', columnNames: ['user_id'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'video_releases',
        columns: [
          id,
          { name: 'user_id', type: 'integer' },
          { name: 'release_id', type: 'integer' },
          { name: 'audio_id', type: 'integer' },
          str('release_title', 255),
          str('audio_title', 255),
          str('download_link', 1000),
          str('thumbnail', 64),
          { name: 'release_date', type: 'bigint' },
          str('video_upc', 13, ''),
          str('video_isrc', 15, ''),
          str('actor', 500, ''),
          str('actress', 500, ''),
          str('status', 16, 'in_review'),
          // audio_id while the video is in review or approved, else NULL: the unique index below lets one
          // active video per track exist, even under concurrent submits (NULLs never collide).
          { name: 'active_audio_id', type: 'integer', isNullable: true },
          str('reason', 1000, ''),
          str('search_text', 1600, ''),
          createdAt,
          updatedAt,
        ],
        foreignKeys: [
          userFk,
          { columnNames: ['release_id'], referencedTableName: 'releases', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
          { columnNames: ['audio_id'], referencedTableName: 'tracks', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
        indices: [
          { name: 'IDX_video_releases_user_created', columnNames: ['user_id', 'created_at'] },
          { name: 'IDX_video_releases_user_status_created', columnNames: ['user_id', 'status', 'created_at'] },
          { name: 'IDX_video_releases_user_audio', columnNames: ['user_id', 'audio_id'] },
          { name: 'UQ_video_releases_active_audio', columnNames: ['active_audio_id'], isUnique: true },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('video_releases');
    await q.dropTable('video_thumbnails');
  }
}
