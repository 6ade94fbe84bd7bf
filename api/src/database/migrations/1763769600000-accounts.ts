import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

const id = { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' as const };
const createdAt = { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };

/** Accounts: users, sessions, OTPs, captcha passes and platform settings. Engine-neutral (SQLite and MySQL). */
export class Accounts1763769600000 implements MigrationInterface {
  name = 'Accounts1763769600000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'users',
        columns: [
          id,
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'email', type: 'varchar', length: '254', isUnique: true },
          { name: 'phone', type: 'varchar', length: '20' },
          { name: 'address', type: 'varchar', length: '500' },
          { name: 'password_hash', type: 'varchar', length: '255' },
          { name: 'signup_ip', type: 'varchar', length: '64', default: "''" },
          { name: 'email_verified_at', type: 'datetime', isNullable: true },
          { name: 'revoked', type: 'integer', default: 0 },
          { name: 'revenue_usd', type: 'decimal', precision: 14, scale: 2, default: 0 },
          { name: 'conversion_rate', type: 'decimal', precision: 10, scale: 4, default: 83 },
          createdAt,
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'sessions',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_id', type: 'integer' },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'expires_at', type: 'datetime' },
          { name: 'revoked_at', type: 'datetime', isNullable: true },
          createdAt,
        ],
        foreignKeys: [{ columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [{ name: 'IDX_sessions_user', columnNames: ['user_id'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'otps',
        columns: [
          id,
          { name: 'user_id', type: 'integer' },
          { name: 'purpose', type: 'varchar', length: '16' },
          { name: 'code_hash', type: 'varchar', length: '64' },
          { name: 'expires_at', type: 'datetime' },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'consumed_at', type: 'datetime', isNullable: true },
          createdAt,
        ],
        foreignKeys: [{ columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await q.createIndex('otps', new TableIndex({ name: 'IDX_otps_user_purpose', columnNames: ['user_id', 'purpose'] }));
    await q.createTable(
      new Table({
        name: 'captcha_passes',
        columns: [
          { name: 'id', type: 'varchar', length: '128', isPrimary: true },
          { name: 'expires_at', type: 'datetime' },
          { name: 'used_at', type: 'datetime', isNullable: true },
          createdAt,
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'settings',
        columns: [
          { name: 'key', type: 'varchar', length: '64', isPrimary: true },
          { name: 'value', type: 'text' },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['settings', 'captcha_passes', 'otps', 'sessions', 'users']) await q.dropTable(t);
  }
}
