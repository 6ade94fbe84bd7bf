import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Sign-up attempts live apart from accounts (docs/decisions/026, account pre-hijacking): a second sign-up of an
 * unverified e-mail no longer overwrites the first one's password and details. Accounts that never
 * verified are dropped (they could not log in and own nothing); their owners sign up again.
 */
export class PendingSignups1763950000000 implements MigrationInterface {
  name = 'PendingSignups1763950000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'pending_signups',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'phone', type: 'varchar', length: '20' },
          { name: 'address', type: 'varchar', length: '500' },
          { name: 'password_hash', type: 'varchar', length: '255' },
          { name: 'signup_ip', type: 'varchar', length: '64', default: "''" },
          { name: 'token_hash', type: 'varchar', length: '64' },
          { name: 'code_hash', type: 'varchar', length: '64' },
          { name: 'code_expires_at', type: 'datetime' },
          { name: 'code_sent_at', type: 'datetime' },
          { name: 'code_attempts', type: 'integer', default: 0 },
          { name: 'expires_at', type: 'datetime' },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          { name: 'IDX_pending_signups_email', columnNames: ['email', 'id'] },
          { name: 'IDX_pending_signups_token', columnNames: ['token_hash'] },
        ],
      }),
    );
    await q.query(`DELETE FROM otps WHERE user_id IN (SELECT id FROM users WHERE email_verified_at IS NULL)`);
    await q.query(`DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE email_verified_at IS NULL)`);
    await q.query(`DELETE FROM users WHERE email_verified_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('pending_signups');
  }
}
