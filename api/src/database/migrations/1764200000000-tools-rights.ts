import { MigrationInterface, QueryRunner, Table, type TableColumnOptions } from 'typeorm';

const id: TableColumnOptions = { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' };
const userId: TableColumnOptions = { name: 'user_id', type: 'integer' };
const str = (name: string, length: number, dflt?: string): TableColumnOptions => ({ name, type: 'varchar', length: String(length), ...(dflt !== undefined ? { default: `'${dflt}'` } : {}) });
const text = (name: string): TableColumnOptions => ({ name, type: 'text' });
const createdAt: TableColumnOptions = { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };
const updatedAt: TableColumnOptions = { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };
const userFk = { columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' as const };
/** Status and operator outcome of every submission (areas §4). */
const review: TableColumnOptions[] = [str('status', 16, 'in_review'), str('reason', 1000, ''), createdAt, updatedAt];
/** The audio a submission is about, with the titles as they were when it was sent. */
const forAudio: TableColumnOptions[] = [
  { name: 'release_id', type: 'integer' },
  { name: 'audio_id', type: 'integer' },
  str('release_title', 255),
  str('audio_title', 255),
];

/**
 * Tools, rights and promotions (areas §3): profile linking requests, playlist pitches, lyrics
 * submissions and their LRC uploads, UGC claims, whitelist requests and promotions. Engine-neutral
 * (Table API); lists are JSON text. Every history reads `user_id = ?` newest first, so each table has
 * an index (user_id, id). Lyrics are MEDIUMTEXT on MySQL (TEXT holds 64 KB; 20,000 characters of
 * utf8mb4 can need 80 KB).
 */
export class ToolsRights1764200000000 implements MigrationInterface {
  name = 'ToolsRights1764200000000';

  async up(q: QueryRunner): Promise<void> {
    const mysql = q.connection.driver.options.type === 'mysql' || q.connection.driver.options.type === 'mariadb';
    const table = (name: string, columns: TableColumnOptions[], extra: Array<{ name: string; columnNames: string[]; isUnique?: boolean }> = []) =>
      q.createTable(
        new Table({
          name,
          columns: [id, userId, ...columns],
          foreignKeys: [userFk],
          indices: [{ name: `IDX_${name}_user_id`, columnNames: ['user_id', 'id'] }, ...extra],
        }),
      );

    await table('profile_linking_requests', [...forAudio, str('artist', 255), str('facebook_link', 1000), str('instagram_link', 1000), ...review]);
    await table(
      'playlist_pitches',
      [
        ...forAudio,
        text('press_release'),
        text('social_media'),
        str('artwork_asset', 500, ''),
        str('additional_assets', 1000, ''),
        str('moods', 255),
        str('why_pitch', 500),
        str('quick_pitch', 100),
        str('additional_info', 250, ''),
        ...review,
      ],
      [{ name: 'IDX_playlist_pitches_audio', columnNames: ['user_id', 'audio_id', 'status'] }],
    );
    await table('lyrics_submissions', [
      ...forAudio,
      str('lyrics_language', 16),
      str('p_rights', 32),
      str('iswc', 15, ''),
      str('lrc_link', 64, ''),
      { name: 'lyrics', type: mysql ? 'mediumtext' : 'text' },
      ...review,
    ]);
    await table('lrc_uploads', [str('filename', 64), str('storage_key', 64), { name: 'size', type: 'integer' }, { name: 'lines', type: 'integer' }, createdAt], [
      { name: 'UQ_lrc_uploads_filename', columnNames: ['filename'], isUnique: true },
    ]);
    await table('ugc_claims', [...forAudio, str('platform', 32), str('policy', 32), text('url'), ...review]);
    await table('whitelist_requests', [str('platform', 32), str('channel_type', 32), str('channel_name', 100), str('url', 1000), ...review]);
    await table('promotions', [
      str('song', 255),
      str('platform', 100),
      str('type', 100),
      str('playlist_name', 255),
      str('playlist_link', 1000),
      str('image', 64),
      str('image_key', 64),
      str('image_mime', 32),
      str('search_text', 800),
      createdAt,
    ]);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['promotions', 'whitelist_requests', 'ugc_claims', 'lrc_uploads', 'lyrics_submissions', 'playlist_pitches', 'profile_linking_requests']) await q.dropTable(t);
  }
}
