import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Promotion images uploaded from the operations console (docs/decisions/008) and not yet attached to a
 * promotion: the upload comes first (streamed, checked on the bytes), then add or edit names it. A row
 * is removed when a promotion takes the image, so a name serves one promotion only. Engine-neutral.
 */
export class PromotionImages1764410000000 implements MigrationInterface {
  name = 'PromotionImages1764410000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'promotion_images',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'filename', type: 'varchar', length: '64' },
          { name: 'storage_key', type: 'varchar', length: '64' },
          { name: 'mime', type: 'varchar', length: '32' },
          { name: 'size', type: 'bigint' },
          { name: 'uploaded_by', type: 'varchar', length: '254' },
          { name: 'created_at', type: 'datetime' },
        ],
        indices: [{ name: 'UQ_promotion_images_filename', columnNames: ['filename'], isUnique: true }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('promotion_images');
  }
}
