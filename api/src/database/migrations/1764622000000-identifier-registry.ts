import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * The identifier registry (docs/decisions/016): `assigned_identifiers` (unique `(kind, code)`) now
 * also holds the UPCs and ISRCs artists entered, with the code's owner (`user_id`), the release it was
 * claimed for and its `source`. Existing codes are registered for their first holder (the lowest
 * release or track id); a code held by more than one release or owner is left as it is in the
 * releases and tracks and listed by the CLI `identifier-duplicates`, never changed here.
 * Stored ISRCs are brought to their compact form (uppercase, no hyphens: the same code written
 * without separators), and `releases.upc_ean` and `tracks.isrc` get an index for the lookups of
 * the review screen's warnings.
 */
export class IdentifierRegistry1764622000000 implements MigrationInterface {
  name = 'IdentifierRegistry1764622000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumns('assigned_identifiers', [
      new TableColumn({ name: 'user_id', type: 'integer', default: 0 }),
      new TableColumn({ name: 'release_id', type: 'integer', isNullable: true }),
      new TableColumn({ name: 'source', type: 'varchar', length: '8', default: "'assigned'" }),
    ]);
    await q.query(`UPDATE assigned_identifiers SET release_id = object_id WHERE kind = 'upc'`);
    await q.query(`UPDATE assigned_identifiers SET user_id = COALESCE((SELECT r.user_id FROM releases r WHERE r.id = assigned_identifiers.object_id), 0) WHERE kind = 'upc'`);
    await q.query(
      `UPDATE assigned_identifiers SET user_id = COALESCE((SELECT t.user_id FROM tracks t WHERE t.id = assigned_identifiers.object_id), 0), release_id = (SELECT t.release_id FROM tracks t WHERE t.id = assigned_identifiers.object_id) WHERE kind = 'isrc'`,
    );
    await q.query(`UPDATE tracks SET isrc = UPPER(REPLACE(REPLACE(isrc, '-', ''), ' ', '')) WHERE isrc <> ''`);
    await q.query(
      `INSERT INTO assigned_identifiers (kind, code, object_id, user_id, release_id, source, created_at)
       SELECT 'upc', r.upc_ean, r.id, r.user_id, r.id, 'entered', r.created_at FROM releases r
       WHERE r.upc_ean <> '' AND r.id = (SELECT MIN(r2.id) FROM releases r2 WHERE r2.upc_ean = r.upc_ean)
         AND NOT EXISTS (SELECT 1 FROM (SELECT code FROM assigned_identifiers WHERE kind = 'upc') a WHERE a.code = r.upc_ean)`,
    );
    await q.query(
      `INSERT INTO assigned_identifiers (kind, code, object_id, user_id, release_id, source, created_at)
       SELECT 'isrc', t.isrc, t.id, t.user_id, t.release_id, 'entered', t.created_at FROM tracks t
       WHERE t.isrc <> '' AND t.id = (SELECT MIN(t2.id) FROM tracks t2 WHERE t2.isrc = t.isrc)
         AND NOT EXISTS (SELECT 1 FROM (SELECT code FROM assigned_identifiers WHERE kind = 'isrc') a WHERE a.code = t.isrc)`,
    );
    await q.createIndex('releases', new TableIndex({ name: 'IDX_releases_upc_ean', columnNames: ['upc_ean'] }));
    await q.createIndex('tracks', new TableIndex({ name: 'IDX_tracks_isrc', columnNames: ['isrc'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('tracks', 'IDX_tracks_isrc');
    await q.dropIndex('releases', 'IDX_releases_upc_ean');
    await q.query(`DELETE FROM assigned_identifiers WHERE source = 'entered'`);
    await q.dropColumn('assigned_identifiers', 'source');
    await q.dropColumn('assigned_identifiers', 'release_id');
    await q.dropColumn('assigned_identifiers', 'user_id');
  }
}
