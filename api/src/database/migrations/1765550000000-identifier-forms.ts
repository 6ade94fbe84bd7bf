import { Logger } from '@nestjs/common';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A UPC/EAN's GTIN-14 form: its digits left-padded with zeros to 14 (copied, not imported: a migration is frozen). */
const gtin14 = (code: string): string => code.replace(/\D/g, '').padStart(14, '0');

type Row = { id: number; code: string; source: string; release_id: number | null; object_id: number };

/**
 * One identifier, one code (issue 38 item 8): the registry's UPC rows (`assigned_identifiers`, kind
 * 'upc') move to their GTIN-14 form, so the UPC-A `089000000012`, the EAN-13 `0089000000012` and the
 * GTIN-14 `00089000000012` meet at the unique `(kind, code)` index. The releases keep what the artist
 * typed (`releases.upc_ean`, shown as typed).
 *
 * Existing collisions (two rows that are one code in two forms) are listed in the migration's log,
 * one warning line per collision naming the code, the holder kept and the row given up. The holder
 * kept is the code given on approval ('assigned'), else the first claim (lowest id); the other rows are
 * removed from the registry only: their releases still carry the code, the CLI `identifier-duplicates`
 * lists them (it compares GTIN-14 forms now), and approving one answers 409 identifierTaken as for any
 * duplicate from before the registry (docs/decisions/016). ISRC rows are compact already (1764622000000).
 * `down` writes the 12-digit (or 13-digit) form back; rows given up are not restored.
 */
export class IdentifierForms1765550000000 implements MigrationInterface {
  name = 'IdentifierForms1765550000000';

  async up(q: QueryRunner): Promise<void> {
    const log = new Logger('Migration');
    const rows = ((await q.query(`SELECT id, code, source, release_id, object_id FROM assigned_identifiers WHERE kind = 'upc' ORDER BY id`)) as Row[]).map((r) => ({ ...r, id: Number(r.id) }));
    const groups = new Map<string, Row[]>();
    for (const r of rows) groups.set(gtin14(r.code), [...(groups.get(gtin14(r.code)) ?? []), r]);
    const keep: Array<{ row: Row; code: string }> = [];
    for (const [code, group] of groups) {
      const [kept, ...others] = [...group].sort((a, b) => Number(b.source === 'assigned') - Number(a.source === 'assigned') || a.id - b.id);
      for (const other of others) {
        log.warn(`UPC collision ${code}: kept ${kept.code} (${kept.source}, release ${kept.release_id ?? `video ${kept.object_id}`}); removed ${other.code} (${other.source}, release ${other.release_id ?? `video ${other.object_id}`}) from the registry`);
        await q.query(`DELETE FROM assigned_identifiers WHERE id = ?`, [other.id]);
      }
      if (kept.code !== code) keep.push({ row: kept, code });
    }
    for (const { row, code } of keep) await q.query(`UPDATE assigned_identifiers SET code = ? WHERE id = ?`, [code, row.id]);
  }

  async down(q: QueryRunner): Promise<void> {
    const rows = (await q.query(`SELECT id, code FROM assigned_identifiers WHERE kind = 'upc'`)) as Array<{ id: number; code: string }>;
    for (const r of rows) {
      if (r.code.length !== 14 || !r.code.startsWith('0')) continue;
      await q.query(`UPDATE assigned_identifiers SET code = ? WHERE id = ?`, [r.code.startsWith('00') ? r.code.slice(2) : r.code.slice(1), Number(r.id)]);
    }
  }
}
