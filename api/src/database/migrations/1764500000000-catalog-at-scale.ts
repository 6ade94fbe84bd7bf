import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * The audio catalogue at label scale (docs/decisions/010, decision 011): one user with 50,000 releases among
 * 1,000,000 must list, filter and search within 25 ms (GET getCatelogListWeb, core §2 /catalog).
 *
 * - `search_text` holds at most RELEASE_LIMITS.searchTextMax (700) characters, so it fits, with
 *   user_id, status, created_at and id, in one MariaDB index key (at most 3,072 bytes; utf8mb4 counts
 *   4 bytes a character). On MariaDB it is compared bytewise (utf8mb4_bin): the text is stored and
 *   searched in lowercase, and a bytewise substring test is what SQLite does, at half the cost of the
 *   Unicode collation.
 * - The catalogue indexes end with `id, search_text`: the list's order (sort key, id) comes from the
 *   index and a substring search is tested on index entries only, never on the table's rows.
 * - `release_counts` (user_id, status, n) keeps each user's number of releases per status, kept by
 *   triggers in the same transaction as every insert, delete or status change of a release, so the
 *   total of an unfiltered or status-filtered list is read, not counted. Rows go with their user
 *   (foreign key, cascade).
 * - `release_list_versions` (user_id, version) changes, by the same triggers, whenever one of the
 *   user's releases is inserted or deleted or changes status, search text, creation time or owner: the
 *   catalogue's in-process snapshot of a large catalogue is valid while the version it was built
 *   at is the stored one.
 *
 * Engine SQL only where the engines differ: the length function, the column's collation and the
 * trigger bodies (SQLite's UPSERT and WHEN clause, MariaDB's ON DUPLICATE KEY and IF).
 */
export class CatalogAtScale1764500000000 implements MigrationInterface {
  name = 'CatalogAtScale1764500000000';

  async up(q: QueryRunner): Promise<void> {
    const mysql = isMysql(q);
    // RELEASE_LIMITS.searchTextMax when this migration was written: a migration is frozen, so it keeps its
    // own copy (and no process that only runs migrations loads the contracts package for one number).
    const max = 700;
    await q.query(`UPDATE releases SET search_text = SUBSTR(search_text, 1, ${max}) WHERE ${mysql ? 'CHAR_LENGTH' : 'LENGTH'}(search_text) > ${max}`);
    if (mysql) await q.query(`ALTER TABLE releases MODIFY search_text VARCHAR(${max}) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL DEFAULT ''`);

    await q.dropIndex('releases', 'IDX_releases_user_created');
    await q.dropIndex('releases', 'IDX_releases_user_status_created');
    await q.createIndex('releases', new TableIndex({ name: 'IDX_releases_user_created_search', columnNames: ['user_id', 'created_at', 'id', 'search_text'] }));
    await q.createIndex('releases', new TableIndex({ name: 'IDX_releases_user_status_created_search', columnNames: ['user_id', 'status', 'created_at', 'id', 'search_text'] }));

    await q.createTable(
      new Table({
        name: 'release_counts',
        columns: [
          { name: 'user_id', type: 'integer', isPrimary: true },
          { name: 'status', type: 'varchar', length: '16', isPrimary: true },
          { name: 'n', type: 'integer', default: 0 },
        ],
        foreignKeys: [{ columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await q.query(`INSERT INTO release_counts (user_id, status, n) SELECT user_id, status, COUNT(*) FROM releases GROUP BY user_id, status`);
    await q.createTable(
      new Table({
        name: 'release_list_versions',
        columns: [
          { name: 'user_id', type: 'integer', isPrimary: true },
          { name: 'version', type: 'bigint', default: 0 },
        ],
        foreignKeys: [{ columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await q.query(`INSERT INTO release_list_versions (user_id, version) SELECT DISTINCT user_id, 1 FROM releases`);
    for (const sql of mysql ? MYSQL_TRIGGERS : SQLITE_TRIGGERS) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    const mysql = isMysql(q);
    for (const name of TRIGGERS) await q.query(`DROP TRIGGER IF EXISTS ${name}`);
    await q.dropTable('release_list_versions');
    await q.dropTable('release_counts');
    await q.dropIndex('releases', 'IDX_releases_user_status_created_search');
    await q.dropIndex('releases', 'IDX_releases_user_created_search');
    await q.createIndex('releases', new TableIndex({ name: 'IDX_releases_user_created', columnNames: ['user_id', 'created_at'] }));
    await q.createIndex('releases', new TableIndex({ name: 'IDX_releases_user_status_created', columnNames: ['user_id', 'status', 'created_at'] }));
    if (mysql) await q.query(`ALTER TABLE releases MODIFY search_text VARCHAR(1000) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT ''`);
  }
}

const isMysql = (q: QueryRunner): boolean => q.connection.driver.options.type === 'mysql' || q.connection.driver.options.type === 'mariadb';

const TRIGGERS = ['TRG_releases_count_insert', 'TRG_releases_count_delete', 'TRG_releases_count_update', 'TRG_releases_version_update'];

const SQLITE_COUNT_UP = `INSERT INTO release_counts (user_id, status, n) VALUES (NEW.user_id, NEW.status, 1) ON CONFLICT (user_id, status) DO UPDATE SET n = n + 1;`;
const SQLITE_COUNT_DOWN = `UPDATE release_counts SET n = n - 1 WHERE user_id = OLD.user_id AND status = OLD.status;`;
const sqliteBump = (who: 'NEW' | 'OLD') =>
  `INSERT INTO release_list_versions (user_id, version) VALUES (${who}.user_id, 1) ON CONFLICT (user_id) DO UPDATE SET version = version + 1;`;

const SQLITE_TRIGGERS = [
  `CREATE TRIGGER TRG_releases_count_insert AFTER INSERT ON releases BEGIN
     ${SQLITE_COUNT_UP}
     ${sqliteBump('NEW')}
   END`,
  `CREATE TRIGGER TRG_releases_count_delete AFTER DELETE ON releases BEGIN
     ${SQLITE_COUNT_DOWN}
     UPDATE release_list_versions SET version = version + 1 WHERE user_id = OLD.user_id;
   END`,
  `CREATE TRIGGER TRG_releases_count_update AFTER UPDATE OF user_id, status ON releases
   WHEN OLD.user_id IS NOT NEW.user_id OR OLD.status IS NOT NEW.status BEGIN
     ${SQLITE_COUNT_DOWN}
     ${SQLITE_COUNT_UP}
   END`,
  `CREATE TRIGGER TRG_releases_version_update AFTER UPDATE OF user_id, status, search_text, created_at ON releases
   WHEN OLD.user_id IS NOT NEW.user_id OR OLD.status IS NOT NEW.status OR OLD.search_text IS NOT NEW.search_text OR OLD.created_at IS NOT NEW.created_at BEGIN
     UPDATE release_list_versions SET version = version + 1 WHERE user_id = OLD.user_id;
     ${sqliteBump('NEW')}
   END`,
];

const MYSQL_COUNT_UP = `INSERT INTO release_counts (user_id, status, n) VALUES (NEW.user_id, NEW.status, 1) ON DUPLICATE KEY UPDATE n = n + 1`;
const MYSQL_COUNT_DOWN = `UPDATE release_counts SET n = n - 1 WHERE user_id = OLD.user_id AND status = OLD.status`;
const mysqlBump = (who: 'NEW' | 'OLD') => `INSERT INTO release_list_versions (user_id, version) VALUES (${who}.user_id, 1) ON DUPLICATE KEY UPDATE version = version + 1`;

const MYSQL_TRIGGERS = [
  `CREATE TRIGGER TRG_releases_count_insert AFTER INSERT ON releases FOR EACH ROW
   BEGIN
     ${MYSQL_COUNT_UP};
     ${mysqlBump('NEW')};
   END`,
  `CREATE TRIGGER TRG_releases_count_delete AFTER DELETE ON releases FOR EACH ROW
   BEGIN
     ${MYSQL_COUNT_DOWN};
     UPDATE release_list_versions SET version = version + 1 WHERE user_id = OLD.user_id;
   END`,
  `CREATE TRIGGER TRG_releases_count_update AFTER UPDATE ON releases FOR EACH ROW
   BEGIN
     IF NOT (OLD.user_id <=> NEW.user_id AND OLD.status <=> NEW.status) THEN
       ${MYSQL_COUNT_DOWN};
       ${MYSQL_COUNT_UP};
     END IF;
     IF NOT (OLD.user_id <=> NEW.user_id AND OLD.status <=> NEW.status AND OLD.search_text <=> NEW.search_text AND OLD.created_at <=> NEW.created_at) THEN
       UPDATE release_list_versions SET version = version + 1 WHERE user_id = OLD.user_id;
       ${mysqlBump('NEW')};
     END IF;
   END`,
];
