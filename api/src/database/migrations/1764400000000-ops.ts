import { MigrationInterface, QueryRunner, Table } from 'typeorm';

const id = { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' as const };

/**
 * Operations console (docs/decisions/008): staff roles, TOTP secrets, the second factor of each staff session,
 * the audit of staff actions, structured release reviews, and identifier counters with every code
 * ever assigned (unique: a code is never given twice).
 */
export class Ops1764400000000 implements MigrationInterface {
  name = 'Ops1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'staff_roles',
        columns: [id, { name: 'user_id', type: 'integer' }, { name: 'role', type: 'varchar', length: '16' }, { name: 'created_at', type: 'datetime' }],
        indices: [{ name: 'UQ_staff_roles_user_role', columnNames: ['user_id', 'role'], isUnique: true }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'staff_totp',
        columns: [
          { name: 'user_id', type: 'integer', isPrimary: true },
          { name: 'secret', type: 'varchar', length: '64' },
          { name: 'confirmed_at', type: 'datetime', isNullable: true },
          { name: 'last_counter', type: 'bigint', default: 0 },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'staff_session_factors',
        columns: [
          { name: 'session_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_id', type: 'integer' },
          { name: 'verified_at', type: 'datetime' },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'ops_audit',
        columns: [
          id,
          { name: 'actor_user_id', type: 'integer', isNullable: true },
          { name: 'actor_email', type: 'varchar', length: '254' },
          { name: 'action', type: 'varchar', length: '64' },
          { name: 'object_type', type: 'varchar', length: '32' },
          { name: 'object_id', type: 'varchar', length: '32' },
          { name: 'before_json', type: 'text', isNullable: true },
          { name: 'after_json', type: 'text', isNullable: true },
          { name: 'created_at', type: 'datetime' },
        ],
        indices: [
          { name: 'IDX_ops_audit_action', columnNames: ['action', 'id'] },
          { name: 'IDX_ops_audit_object', columnNames: ['object_type', 'object_id'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'release_reviews',
        columns: [
          id,
          { name: 'release_id', type: 'integer' },
          { name: 'outcome', type: 'varchar', length: '16' },
          { name: 'reasons', type: 'varchar', length: '1000', default: "''" },
          { name: 'note', type: 'varchar', length: '1000', default: "''" },
          { name: 'reviewer', type: 'varchar', length: '254' },
          { name: 'created_at', type: 'datetime' },
        ],
        indices: [{ name: 'IDX_release_reviews_release', columnNames: ['release_id', 'id'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'identifier_counters',
        columns: [
          { name: 'name', type: 'varchar', length: '32', isPrimary: true },
          { name: 'value', type: 'bigint', default: 0 },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'assigned_identifiers',
        columns: [
          id,
          { name: 'kind', type: 'varchar', length: '8' },
          { name: 'code', type: 'varchar', length: '15' },
          { name: 'object_id', type: 'integer' },
          { name: 'created_at', type: 'datetime' },
        ],
        indices: [{ name: 'UQ_assigned_identifiers_code', columnNames: ['kind', 'code'], isUnique: true }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['assigned_identifiers', 'identifier_counters', 'release_reviews', 'ops_audit', 'staff_session_factors', 'staff_totp', 'staff_roles']) await q.dropTable(t);
  }
}
