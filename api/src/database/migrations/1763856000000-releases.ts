import { MigrationInterface, QueryRunner, Table, type TableColumnOptions } from 'typeorm';

const id: TableColumnOptions = { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' };
const userId: TableColumnOptions = { name: 'user_id', type: 'integer' };
const createdAt: TableColumnOptions = { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };
const updatedAt: TableColumnOptions = { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };
const str = (name: string, length: number, dflt?: string): TableColumnOptions => ({ name, type: 'varchar', length: String(length), ...(dflt !== undefined ? { default: `'${dflt}'` } : {}) });
const artistSlot = (name: string): TableColumnOptions => ({ name, type: 'integer', isNullable: true });
const slots = ['primary_artist1', 'primary_artist2', 'primary_artist3', 'featuring1', 'featuring2', 'featuring3'].map(artistSlot);
const userFk = { columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' as const };

/**
 * Audio releases: artists, releases, tracks, uploads and platform logos (core §3). Engine-neutral
 * (Table API) except that lyrics are MEDIUMTEXT on MySQL, where TEXT holds only 64 KB (20,000
 * characters of utf8mb4 can need 80 KB).
 *
 * Catalogue indexes (GET getCatelogListWeb is per user, newest first, optionally by status): every
 * list query starts with `user_id = ?`, so the indexes lead with user_id and end with the sort key;
 * a user's ~100 rows are then read in order, and a search scans only those rows.
 */
export class Releases1763856000000 implements MigrationInterface {
  name = 'Releases1763856000000';

  async up(q: QueryRunner): Promise<void> {
    const mysql = q.connection.driver.options.type === 'mysql' || q.connection.driver.options.type === 'mariadb';

    await q.createTable(
      new Table({
        name: 'artists',
        columns: [id, userId, str('artist_type', 16), str('artist_name', 255), str('name_key', 255), str('apple_id', 255, ''), str('spotify_id', 255, ''), createdAt],
        foreignKeys: [userFk],
        indices: [{ name: 'UQ_artists_user_type_name', columnNames: ['user_id', 'artist_type', 'name_key'], isUnique: true }],
      }),
    );

    await q.createTable(
      new Table({
        name: 'releases',
        columns: [
          id,
          userId,
          str('album_artwork', 255, ''),
          str('release_type', 16),
          str('release_title', 255),
          ...slots,
          str('genre', 255),
          str('sub_genre', 255),
          str('lable_name', 255),
          { name: 'release_date', type: 'bigint' },
          str('p_line', 255),
          str('c_line', 255),
          str('upc_ean', 13, ''),
          { name: 'number_of_tracks', type: 'integer', default: 0 },
          str('status', 16, 'draft'),
          str('reason', 1000, ''),
          str('crbt', 3, ''),
          str('video_platforms', 3, ''),
          str('artist_name', 800, ''),
          str('search_text', 1000, ''),
          { name: 'submitted_at', type: 'datetime', isNullable: true },
          createdAt,
          updatedAt,
        ],
        foreignKeys: [userFk],
        indices: [
          { name: 'IDX_releases_user_created', columnNames: ['user_id', 'created_at'] },
          { name: 'IDX_releases_user_status_created', columnNames: ['user_id', 'status', 'created_at'] },
          { name: 'IDX_releases_user_updated', columnNames: ['user_id', 'updated_at'] },
          { name: 'IDX_releases_user_title', columnNames: ['user_id', 'release_title'] },
          { name: 'IDX_releases_status', columnNames: ['status'] },
        ],
      }),
    );

    await q.createTable(
      new Table({
        name: 'tracks',
        columns: [
          id,
          { name: 'release_id', type: 'integer' },
          userId,
          str('audio_track', 255),
          str('track_version', 16),
          str('instrumental', 3),
          str('title', 255),
          str('version_subtitle', 255, ''),
          ...slots,
          str('author1', 255),
          str('author2', 255, ''),
          str('author3', 255, ''),
          str('composer1', 255),
          str('composer2', 255, ''),
          str('composer3', 255, ''),
          str('producer', 255, ''),
          str('p_line', 255),
          { name: 'production_year', type: 'integer' },
          str('publisher', 255, ''),
          str('isrc_yes_no', 3),
          str('isrc', 15, ''),
          str('genre', 255),
          str('subgenre', 255),
          str('price_tier', 16),
          str('explicit_version', 8),
          str('track_title_language', 255),
          str('lyrics_language', 255),
          { name: 'lyrics', type: mysql ? 'mediumtext' : 'text' },
          str('caller_tune', 8, ''),
          str('destribute_music', 3, 'No'),
          str('video_isrc', 15, ''),
          str('download_video_link', 1000, ''),
          { name: 'status', type: 'integer', default: 0 },
          createdAt,
          updatedAt,
        ],
        foreignKeys: [userFk, { columnNames: ['release_id'], referencedTableName: 'releases', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [
          { name: 'IDX_tracks_release', columnNames: ['release_id'] },
          { name: 'IDX_tracks_user_release', columnNames: ['user_id', 'release_id'] },
        ],
      }),
    );

    await q.createTable(
      new Table({
        name: 'uploads',
        columns: [id, userId, str('kind', 16), str('filename', 64), str('storage_key', 64), str('mime', 64), { name: 'size', type: 'bigint' }, createdAt],
        foreignKeys: [userFk],
        indices: [
          { name: 'UQ_uploads_filename', columnNames: ['filename'], isUnique: true },
          { name: 'IDX_uploads_user_kind', columnNames: ['user_id', 'kind'] },
        ],
      }),
    );

    await q.createTable(
      new Table({
        name: 'platform_logos',
        columns: [id, str('name', 100), str('logo', 100), str('type', 2), { name: 'sort_order', type: 'integer', default: 0 }],
        indices: [{ name: 'UQ_platform_logos_name', columnNames: ['name'], isUnique: true }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['platform_logos', 'uploads', 'tracks', 'releases', 'artists']) await q.dropTable(t);
  }
}
