import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { pageOffset, type CatalogQueryDto, type CatalogRow, type CatalogSort } from '@portal/contracts';
import { CatalogSnapshots } from './catalog-snapshots';
import { ReleaseCountEntity } from '../entities/release-count.entity';
import { ReleaseEntity } from '../entities/release.entity';
import { toCatalogRow, type CatalogEntityRow } from '../release-info/release.mapper';
import { hasControlCharacter } from '../../common/db/like-search';

/** Sort keys of the list: column, direction. Unknown keys fall back to newest first. */
const SORTS: Record<CatalogSort, [keyof ReleaseEntity, 'ASC' | 'DESC']> = {
  newest: ['created_at', 'DESC'],
  desc: ['created_at', 'DESC'],
  oldest: ['created_at', 'ASC'],
  asc: ['created_at', 'ASC'],
  updated: ['updated_at', 'DESC'],
  title: ['release_title', 'ASC'],
  title_asc: ['release_title', 'ASC'],
  title_desc: ['release_title', 'DESC'],
  release_date: ['release_date', 'ASC'],
  release_date_asc: ['release_date', 'ASC'],
  release_date_desc: ['release_date', 'DESC'],
};

const COLUMNS: (keyof CatalogEntityRow)[] = ['id', 'album_artwork', 'release_title', 'release_type', 'genre', 'lable_name', 'release_date', 'number_of_tracks', 'status', 'reason', 'artist_name'];
/** Users remembered as large at most (a hint only: the full path re-reads the size). */
const LARGE_USERS_MAX = 10_000;

/** COLUMNS as a SELECT list of hand-written statements. */
const SELECT_COLUMNS = COLUMNS.join(', ');

/** A catalogue row from a raw result: numbers as numbers (MySQL answers BIGINT as a string). */
function fromRaw(r: Record<string, unknown>): CatalogRow {
  return toCatalogRow({ ...(r as CatalogEntityRow), id: Number(r.id), release_date: Number(r.release_date), number_of_tracks: Number(r.number_of_tracks) });
}

/**
 * The audio catalogue of one user (core §2 /catalog, §9 page size 25), built for a label with tens of
 * thousands of releases (decision 011):
 * - every query starts with `user_id = ?` and reads the (user_id, [status,] created_at, id,
 *   search_text) indexes of migration CatalogAtScale1764500000000, so the newest-first order and a
 *   search come from index entries only;
 * - a page is two steps: the page's ids from the index (a page past the middle is read from the other
 *   end, so no page skips more than half the list), then those 25 rows by id;
 * - the total of an unfiltered or status-filtered list is read from `release_counts` (kept by
 *   triggers); a search counts its matches, unless the first page already holds all of them;
 * - a catalogue of CATALOG_SNAPSHOT_MIN releases or more, listed newest or oldest first (with or without
 *   search and status), is read from the version-checked in-process snapshot of CatalogSnapshots
 *   instead: only the page's 25 rows come from the database;
 * - newest or oldest first, a catalogue not yet seen large in this process is first read in one
 *   statement (the page's rows with the stored sizes and, with a search, the match count), the hot
 *   path of ordinary catalogues.
 */
@Injectable()
export class CatalogQuery {
  constructor(
    @InjectRepository(ReleaseEntity) private readonly releases: Repository<ReleaseEntity>,
    @InjectRepository(ReleaseCountEntity) private readonly counts: Repository<ReleaseCountEntity>,
    private readonly snapshots: CatalogSnapshots,
  ) {}

  /** Users whose catalogue was seen at snapshot size in this process (at most LARGE_USERS_MAX, oldest out). */
  private readonly large = new Set<number>();

  private rememberLarge(userId: number): void {
    this.large.add(userId);
    if (this.large.size > LARGE_USERS_MAX) this.large.delete(this.large.values().next().value!);
  }

  /**
   * Rows and total of the caller's releases, from a query already validated by `catalogQuerySchema`:
   * `search` a case-insensitive substring of title, artist name or label (the first
   * RELEASE_LIMITS.searchTextMax characters of them; wildcards taken literally); `status` a stored
   * status or '' (every status); `sort` a CATALOG_SORTS key; `limit` and `offset`/`page` as
   * `pageOffset()`.
   */
  async list(userId: number, params: CatalogQueryDto): Promise<{ rows: CatalogRow[]; total: number }> {
    const { limit, status } = params;
    const offset = pageOffset(params);
    const search = params.search.toLowerCase();
    // No title, name or label holds a control character, so such a search finds nothing.
    if (hasControlCharacter(search)) return { rows: [], total: 0 };
    const [column, direction] = SORTS[params.sort as CatalogSort] ?? SORTS.newest;

    // Hand-written SQL with placeholders for every value, LIMIT and OFFSET included: a few fixed
    // statement texts that the driver prepares once (docs/decisions/010, hot path). `column` comes from SORTS.
    const conditions = ['user_id = ?'];
    const args: unknown[] = [userId];
    if (status) {
      conditions.push('status = ?');
      args.push(status);
    }
    // Both sides are lowercase, so a plain substring test (the same function on both engines, no
    // wildcards to escape) is the case-insensitive search.
    if (search) {
      conditions.push('INSTR(search_text, ?) > 0');
      args.push(search);
    }
    const where = conditions.join(' AND ');

    // A catalogue not seen large in this process: one statement reads the page and the sizes with it
    // (docs/decisions/010, hot path: most catalogues are small). When it shows a large catalogue (snapshot size),
    // the user is remembered as large and the request goes the full way below (snapshot, or ids from
    // the nearer end).
    if (column === 'created_at' && !this.large.has(userId)) {
      // With a search, the matches are counted in the same statement (a small catalogue's scan).
      const matches = search ? `, (SELECT COUNT(*) FROM releases WHERE ${where}) AS match_count` : '';
      const rows: Array<Record<string, unknown>> = await this.releases.query(
        `SELECT ${SELECT_COLUMNS}, (SELECT COALESCE(SUM(n), 0) FROM release_counts WHERE user_id = ?) AS user_size, ` +
          `(SELECT COALESCE(SUM(n), 0) FROM release_counts WHERE user_id = ? AND status = ?) AS status_size${matches} ` +
          `FROM releases WHERE ${where} ORDER BY created_at ${direction}, id ${direction} LIMIT ? OFFSET ?`,
        [userId, userId, status, ...(search ? args : []), ...args, limit, offset],
      );
      const userSize = rows.length ? Number(rows[0]!.user_size) : null;
      if (userSize !== null && this.snapshots.large(userSize)) this.rememberLarge(userId);
      else if (userSize !== null) {
        // The total: the stored count without a search, the counted matches with one.
        const total = search ? Number(rows[0]!.match_count) : status ? Number(rows[0]!.status_size) : userSize;
        return { rows: rows.map(fromRaw), total };
      }
      // An empty page tells no size: the way below answers it.
    }

    // The full way (a large catalogue, another sort, or an empty first try): the user's size and list
    // version decide between the snapshot and SQL; the size is also the total of an unfiltered list.
    let size: number | null = null;
    if (column === 'created_at') {
      const state = await this.snapshots.state(userId);
      if (this.snapshots.covers(state.total)) {
        const snapshot = await this.snapshots.snapshot(userId, state.version);
        const found = snapshot.list(search, status, offset, limit, direction === 'ASC');
        return { rows: await this.rowsById(userId, found.ids), total: found.total };
      }
      size = state.total;
    }

    let total = search ? null : !status && size !== null ? size : await this.storedTotal(userId, status);
    if (total !== null && offset >= total) return { rows: [], total };

    // A page past the middle of a known total is read backwards from the end: the same rows, with
    // at most half the index entries skipped.
    const fromEnd = total !== null && offset > total / 2;
    const take = fromEnd ? Math.min(limit, total! - offset) : limit;
    const skip = fromEnd ? total! - offset - take : offset;
    const order = fromEnd ? (direction === 'ASC' ? 'DESC' : 'ASC') : direction;
    const found: { id: number | string }[] = await this.releases.query(
      `SELECT id FROM releases WHERE ${where} ORDER BY ${String(column)} ${order}, id ${order} LIMIT ? OFFSET ?`,
      [...args, take, skip],
    );
    const ids = found.map((r) => Number(r.id));
    if (fromEnd) ids.reverse();

    if (total === null) {
      // A short page that starts at the first match, or past at least one match, ends the list.
      total = ids.length < limit && (ids.length > 0 || offset === 0) ? offset + ids.length : await this.countMatches(where, args);
    }
    return { rows: await this.rowsById(userId, ids), total };
  }

  /** The number of the user's releases (in `status` when given) from the trigger-kept counts. */
  private async storedTotal(userId: number, status: string): Promise<number> {
    const q = this.counts.createQueryBuilder('c').select('COALESCE(SUM(c.n), 0)', 'n').where('c.user_id = :userId', { userId });
    if (status) q.andWhere('c.status = :status', { status });
    const row = await q.getRawOne<{ n: number | string }>();
    return Number(row?.n ?? 0);
  }

  private async countMatches(where: string, args: unknown[]): Promise<number> {
    const [row] = (await this.releases.query(`SELECT COUNT(*) AS n FROM releases WHERE ${where}`, args)) as { n: number | string }[];
    return Number(row?.n ?? 0);
  }

  /**
   * The catalogue rows of `ids` (found by a query scoped to `userId`), in that order. The ids are
   * looked up by primary key alone: with `user_id = ?` in the WHERE the planner may prefer a
   * (user_id, …) index and walk all of a label's entries; the owner is checked on the rows instead.
   */
  private async rowsById(userId: number, ids: number[]): Promise<CatalogRow[]> {
    if (!ids.length) return [];
    const rows: Array<Record<string, unknown>> = await this.releases.query(
      `SELECT ${SELECT_COLUMNS}, user_id FROM releases WHERE id IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    const byId = new Map(rows.filter((r) => Number(r.user_id) === userId).map((r) => [Number(r.id), r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [fromRaw(r)] : [];
    });
  }
}
