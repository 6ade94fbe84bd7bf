import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Video UPC and ISRC in the identifier registry (docs/decisions/016, docs/decisions/022): existing video
 * codes are brought to the compact ISRC form and registered with `source = 'video'` (`object_id` the
 * video, `release_id` null) for their first holder (the lowest video id) when no release, track or
 * earlier video holds them yet. A code already held elsewhere is left as it is on the video, never
 * changed here, and listed by the CLI `identifier-duplicates`.
 */
export class VideoIdentifiers1765150000000 implements MigrationInterface {
  name = 'VideoIdentifiers1765150000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE video_releases SET video_isrc = UPPER(REPLACE(REPLACE(video_isrc, '-', ''), ' ', '')) WHERE video_isrc <> ''`);
    await q.query(
      `INSERT INTO assigned_identifiers (kind, code, object_id, user_id, release_id, source, created_at)
       SELECT 'upc', v.video_upc, v.id, v.user_id, NULL, 'video', v.created_at FROM video_releases v
       WHERE v.video_upc <> '' AND v.id = (SELECT MIN(v2.id) FROM video_releases v2 WHERE v2.video_upc = v.video_upc)
         AND NOT EXISTS (SELECT 1 FROM (SELECT code FROM assigned_identifiers WHERE kind = 'upc') a WHERE a.code = v.video_upc)`,
    );
    await q.query(
      `INSERT INTO assigned_identifiers (kind, code, object_id, user_id, release_id, source, created_at)
       SELECT 'isrc', v.video_isrc, v.id, v.user_id, NULL, 'video', v.created_at FROM video_releases v
       WHERE v.video_isrc <> '' AND v.id = (SELECT MIN(v2.id) FROM video_releases v2 WHERE v2.video_isrc = v.video_isrc)
         AND NOT EXISTS (SELECT 1 FROM (SELECT code FROM assigned_identifiers WHERE kind = 'isrc') a WHERE a.code = v.video_isrc)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM assigned_identifiers WHERE source = 'video'`);
  }
}
