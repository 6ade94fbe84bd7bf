import { DataSource, type DataSourceOptions, type Table, type TableColumn } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata';
import { bootTestApp, ENGINES, type Engine, type TestApp } from '../helpers/test-app';

/** A column property TypeORM compares when it decides a column changed. */
type Property = 'type' | 'length' | 'default' | 'precision' | 'onUpdate' | 'unique';

/**
 * A known, explained difference between an entity and the migrated table. `props` are the properties
 * allowed to differ for the columns `applies` selects; any other difference on those columns still fails.
 */
type Accepted = { why: string; props: Property[]; applies(engine: Engine, m: EntityMetadata, c: ColumnMetadata, table: Table): boolean };

const ACCEPTED: Accepted[] = [
  {
    why: 'timestamps: the migrations write `datetime DEFAULT CURRENT_TIMESTAMP` (whole seconds, no ON UPDATE); @CreateDateColumn/@UpdateDateColumn would be datetime(6) with CURRENT_TIMESTAMP(6) on MariaDB and datetime(\'now\') on SQLite. TypeORM sets updated_at itself in every UPDATE it writes, and no reader needs sub-second times',
    props: ['default', 'precision', 'onUpdate'],
    applies: (_e, _m, c) => c.isCreateDate || c.isUpdateDate,
  },
  {
    why: 'a `created_at` the service always fills (a plain @Column): the migration\'s DEFAULT CURRENT_TIMESTAMP only serves rows written by SQL',
    props: ['default'],
    applies: (_e, _m, c) => c.databaseName === 'created_at' && c.default === undefined,
  },
  {
    why: 'MariaDB reports a column with a single-column unique index as unique; that index is made by a migration (indexes live in the migrations, docs/conventions.md "Data")',
    props: ['unique'],
    applies: (e, _m, c, table) => e === 'mysql' && table.indices.some((i) => i.isUnique && i.columnNames.length === 1 && i.columnNames[0] === c.databaseName),
  },
  {
    why: 'lyrics and the raw text of a store acknowledgement are MEDIUMTEXT on MariaDB, where TEXT holds only 64 KB (migrations 1763856000000, 1764200000000, 1765570000000); the entity says text, which is what SQLite has',
    props: ['type'],
    applies: (e, m, c) =>
      e === 'mysql' && ((['tracks', 'lyrics_submissions'].includes(m.tableName) && c.databaseName === 'lyrics') || (m.tableName === 'delivery_acks' && c.databaseName === 'raw')),
  },
  {
    why: 'releases.search_text is VARCHAR(700) on MariaDB since migration 1764500000000, which capped the values on both engines; SQLite does not enforce a VARCHAR width, and changing it there rebuilds the table, which would drop the release_counts triggers of that migration',
    props: ['length'],
    applies: (e, m, c) => e === 'sqlite' && m.tableName === 'releases' && c.databaseName === 'search_text',
  },
  {
    why: 'TypeORM writes the entity\'s `default: true` as 1 on SQLite, the Table API wrote `true`: SQLite stores both as 1',
    props: ['default'],
    applies: (e, m, c) => e === 'sqlite' && m.tableName === 'delivery_targets' && c.databaseName === 'enabled',
  },
];

/** The driver's own normalisations (public at run time, partly protected in the typings). */
type Normalising = {
  normalizeType(c: ColumnMetadata): string;
  normalizeDefault(c: ColumnMetadata): string | undefined;
  normalizeIsUnique(c: ColumnMetadata): boolean;
  getColumnLength?(c: ColumnMetadata): string;
  normalizeDatetimeFunction?(value?: string): string | undefined;
  findChangedColumns(tableColumns: TableColumn[], columns: ColumnMetadata[]): ColumnMetadata[];
};

/** `column` of the table with `props` set to what the entity declares. */
function asDeclared(d: Normalising, c: ColumnMetadata, column: TableColumn, props: Property[]): TableColumn {
  const x = column.clone();
  for (const p of props) {
    if (p === 'type') x.type = d.normalizeType(c);
    if (p === 'length') x.length = d.getColumnLength ? d.getColumnLength(c) : c.length;
    if (p === 'default') x.default = d.normalizeDefault(c);
    if (p === 'precision') x.precision = c.precision;
    if (p === 'onUpdate') x.onUpdate = d.normalizeDatetimeFunction ? d.normalizeDatetimeFunction(c.onUpdate) : c.onUpdate;
    if (p === 'unique') x.isUnique = d.normalizeIsUnique(c);
  }
  return x;
}

/** One line naming what differs between the entity's column and the table's (for the failure message). */
function differenceLine(d: Normalising, m: EntityMetadata, c: ColumnMetadata, x: TableColumn): string {
  const entity = { type: d.normalizeType(c), length: d.getColumnLength ? d.getColumnLength(c) : c.length, nullable: c.isNullable, default: d.normalizeDefault(c), precision: c.precision, unique: d.normalizeIsUnique(c) };
  const table = { type: x.type, length: x.length, nullable: x.isNullable, default: x.default, precision: x.precision, unique: x.isUnique };
  return `${m.tableName}.${c.databaseName}: entity ${JSON.stringify(entity)} table ${JSON.stringify(table)}`;
}

/**
 * The entities and the checked-in migrations describe the same schema (docs/conventions.md, "Data").
 * The app boots on a fresh database, which runs every migration of `MIGRATIONS`; then each entity the
 * app loaded is compared with the table the migrations made, by the comparison `migration:generate`
 * uses (the driver's `findChangedColumns`), on each engine (SQLite always, MariaDB too with MYSQL_URL).
 * It fails on a missing table or column, a column only the table has, an index or unique constraint an
 * entity declares that no migration made, and any column whose type, width, nullability, default or
 * uniqueness differs, except the explained differences of ACCEPTED.
 *
 * Why not "the generated migration is empty" as such: the foreign keys and all but two indexes are
 * written in the migrations only (entities declare no relations), so TypeORM's `log()` asks to drop
 * every one of them (33 foreign keys and 81 indexes on MariaDB; on SQLite a rebuild of each such
 * table). Never apply a generated migration here: it would also drop the lyrics' MEDIUMTEXT columns
 * with their data and the catalogue's triggers.
 */
describe.each(ENGINES)('entities and migrations agree on %s', (engine) => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await bootTestApp(engine);
    db = t.app.get(DataSource);
    if (engine !== 'mysql') return;
    const [{ version }] = (await db.query('SELECT VERSION() AS version')) as { version: string }[];
    // With `type: 'mysql'` TypeORM reads MariaDB's quoted column defaults wrongly (every nullable column
    // would look changed); compare through a `mariadb` data source on the same, migrated, database.
    if (/mariadb/i.test(version)) db = await new DataSource({ ...(db.options as object), type: 'mariadb', migrations: [] } as DataSourceOptions).initialize();
  });
  afterAll(async () => {
    if (db && t && db !== t.app.get(DataSource)) await db.destroy();
    await t?.close();
  });

  it('has run every migration', async () => {
    expect(await t.app.get(DataSource).showMigrations()).toBe(false);
  });

  it('has every entity\'s table, columns and declared indexes, and no column an entity does not know', async () => {
    const runner = db.createQueryRunner();
    const wrong: string[] = [];
    try {
      for (const m of db.entityMetadatas) {
        const table = await runner.getTable(m.tablePath);
        if (!table) {
          wrong.push(`table ${m.tableName}: no migration creates it`);
          continue;
        }
        for (const c of m.columns) if (!table.findColumnByName(c.databaseName)) wrong.push(`${m.tableName}.${c.databaseName}: no migration creates it`);
        for (const x of table.columns) if (!m.columns.some((c) => c.databaseName === x.name)) wrong.push(`${m.tableName}.${x.name}: in the table, not in the entity`);
        for (const i of [...m.indices, ...m.uniques]) {
          const columns = i.columns.map((c) => c.databaseName).join(',');
          const unique = 'isUnique' in i ? i.isUnique : true;
          const made = [...table.indices, ...table.uniques].some((x) => x.columnNames.join(',') === columns && ('isUnique' in x ? x.isUnique : true) === unique);
          if (!made) wrong.push(`${m.tableName} (${columns}): the entity declares a${unique ? ' unique' : 'n'} index no migration makes`);
        }
      }
    } finally {
      await runner.release();
    }
    expect(wrong).toEqual([]);
  });

  it('declares every column as the migrations made it (width, type, nullability, default), but for the explained differences', async () => {
    const d = db.driver as unknown as Normalising;
    const runner = db.createQueryRunner();
    const unexplained: string[] = [];
    try {
      for (const m of db.entityMetadatas) {
        const table = await runner.getTable(m.tablePath);
        if (!table) continue; // reported by the test above
        for (const c of d.findChangedColumns(table.columns, m.columns)) {
          const column = table.findColumnByName(c.databaseName)!;
          const props = ACCEPTED.filter((a) => a.applies(engine, m, c, table)).flatMap((a) => a.props);
          if (d.findChangedColumns([asDeclared(d, c, column, props)], [c]).length) unexplained.push(differenceLine(d, m, c, column));
        }
      }
    } finally {
      await runner.release();
    }
    expect(unexplained).toEqual([]);
  });
});
