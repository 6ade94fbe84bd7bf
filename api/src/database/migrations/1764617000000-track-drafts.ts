import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Unsaved track rows kept on the server (docs/decisions/017 "No silent loss"): one per release, so an
 * uploaded but unsaved track survives a reload. Engine-neutral.
 */
export class TrackDrafts1764617000000 implements MigrationInterface {
  name = 'TrackDrafts1764617000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'track_drafts',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'release_id', type: 'integer' },
          { name: 'user_id', type: 'integer' },
          { name: 'audio_track', type: 'varchar', length: '64', default: "''" },
          { name: 'values_json', type: 'text' },
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [{ name: 'UQ_track_drafts_release', columnNames: ['release_id'], isUnique: true }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('track_drafts');
  }
}
