import { Command } from 'nest-commander';
import { DataSource } from 'typeorm';
import { xmlForbiddenChar } from '@portal/contracts';
import { OperatorCommand } from '../common/cli/operator-command';

/** A stored text holding a character XML 1.0 cannot carry: where it is and which character. */
export type XmlTextHit = { table: string; column: string; id: string; code: string };

const TEXT_TYPES = new Set(['varchar', 'text', 'char', 'nvarchar', 'mediumtext', 'longtext', 'tinytext', 'simple-json', 'simple-array', String]);
const PAGE = 1000;

/**
 * Every stored text of the database that holds a character XML 1.0 cannot carry (contracts
 * `xmlForbiddenChar`; docs/decisions/031): rows stored before the edge refused such text. Walks each
 * entity's text columns (from the TypeORM metadata, so a new table is covered) page by page on its
 * primary key, raw values as stored. Tables without a single-column primary key are skipped.
 */
export async function scanXmlText(db: DataSource): Promise<XmlTextHit[]> {
  const hits: XmlTextHit[] = [];
  const q = (name: string) => db.driver.escape(name);
  for (const meta of db.entityMetadatas) {
    if (meta.primaryColumns.length !== 1) continue;
    const pk = meta.primaryColumns[0].databaseName;
    const columns = meta.columns.filter((c) => TEXT_TYPES.has(c.type as string) && c.databaseName !== pk).map((c) => c.databaseName);
    if (!columns.length) continue;
    let after: unknown = null;
    for (;;) {
      const rows = (await db.query(
        `SELECT ${[pk, ...columns].map(q).join(', ')} FROM ${q(meta.tableName)}${after === null ? '' : ` WHERE ${q(pk)} > ?`} ORDER BY ${q(pk)} LIMIT ${PAGE}`,
        after === null ? [] : [after],
      )) as Array<Record<string, unknown>>;
      for (const row of rows) {
        for (const column of columns) {
          const value = row[column];
          const code = typeof value === 'string' ? xmlForbiddenChar(value) : null;
          if (code) hits.push({ table: meta.tableName, column, id: String(row[pk]), code });
        }
      }
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1][pk];
    }
  }
  return hits;
}

/** `xml-text-scan`: the count, then one line per stored text XML 1.0 cannot carry (`table.column id=N U+XXXX`). */
@Command({ name: 'xml-text-scan', description: 'list stored texts holding characters XML 1.0 cannot carry: they block ERNs and bank files' })
export class XmlTextScanCommand extends OperatorCommand {
  constructor(private readonly db: DataSource) {
    super();
  }

  async answer(): Promise<string> {
    const hits = await scanXmlText(this.db);
    const head = `${hits.length} row(s) hold characters XML 1.0 cannot carry${hits.length ? ':' : '.'}`;
    return [head, ...hits.map((h) => `${h.table}.${h.column} id=${h.id} ${h.code}`)].join('\n');
  }
}
