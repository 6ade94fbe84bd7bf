import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CATALOG_STATUS_FILTERS, RELEASE_LIMITS, RELEASE_MESSAGES as M, RELEASE_STATUSES, type CatalogRow, type ReleaseStatus } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import { ReleaseEntity } from './entities/release.entity';
import { toCatalogRow, type CatalogEntityRow } from './release.mapper';

/** Query string of GET /api/getCatelogListWeb (all optional, all strings as received). */
export type CatalogParams = { search?: unknown; status?: unknown; sort?: unknown; limit?: unknown; offset?: unknown; page?: unknown };

/** Largest page a caller may ask for. */
export const CATALOG_MAX_LIMIT = 100;
const SEARCH_MAX = 100;

/** Sort keys of the list: column, direction. Unknown keys fall back to newest first. */
const SORTS: Record<string, [keyof ReleaseEntity, 'ASC' | 'DESC']> = {
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

const int = (v: unknown): number | null => (typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v) : typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

/** Escape LIKE wildcards with '!' (one escape character that means the same on SQLite and MySQL). */
export const escapeLike = (s: string): string => s.replace(/[!%_]/g, (c) => `!${c}`);

/**
 * The audio catalogue of one user (core §2 /catalog, §9 page size 25): every query starts with
 * `user_id = ?` and reads the (user_id, [status,] sort key) indexes of migration Releases1763856000000;
 * a search matches the lowercase `search_text` (title, artist names, label) of that user's rows only.
 */
@Injectable()
export class CatalogQuery {
  constructor(@InjectRepository(ReleaseEntity) private readonly releases: Repository<ReleaseEntity>) {}

  /**
   * Rows and total of the caller's releases. `search`: case-insensitive substring of title, artist
   * name or label (wildcards taken literally, at most 100 characters); `status`: a filter value or
   * label of CATALOG_STATUS_FILTERS ('' / All: every status); `sort`: newest (default), oldest,
   * updated, title, title_desc, release_date, release_date_desc; `limit` 1..100 (default 25);
   * `offset` rows to skip, or else `page` (1-based: offset = (page - 1) × limit).
   * Errors: 400 catalogStatusInvalid.
   */
  async list(userId: number, params: CatalogParams): Promise<{ rows: CatalogRow[]; total: number }> {
    const limit = Math.min(Math.max(int(params.limit) ?? RELEASE_LIMITS.catalogPageSize, 1), CATALOG_MAX_LIMIT);
    const page = Math.max(int(params.page) ?? 1, 1);
    const offset = int(params.offset) ?? (page - 1) * limit;
    const status = parseStatus(params.status);
    const search = typeof params.search === 'string' ? params.search.trim().slice(0, SEARCH_MAX).toLowerCase() : '';
    const [column, direction] = SORTS[typeof params.sort === 'string' ? params.sort.trim().toLowerCase() : ''] ?? SORTS.newest;

    const where = this.releases.createQueryBuilder('r').where('r.user_id = :userId', { userId });
    if (status) where.andWhere('r.status = :status', { status });
    if (search) where.andWhere("r.search_text LIKE :search ESCAPE '!'", { search: `%${escapeLike(search)}%` });

    const [rows, count] = await Promise.all([
      where
        .clone()
        .select(COLUMNS.map((c) => `r.${c}`))
        .orderBy(`r.${column}`, direction)
        .addOrderBy('r.id', direction)
        .limit(limit)
        .offset(offset)
        .getMany(),
      where.clone().select('COUNT(*)', 'n').getRawOne<{ n: number | string }>(),
    ]);
    return { rows: rows.map(toCatalogRow), total: Number(count?.n ?? 0) };
  }
}

function parseStatus(value: unknown): ReleaseStatus | null {
  if (value === undefined || value === null) return null;
  const raw = String(value).trim();
  if (!raw || raw.toLowerCase() === 'all') return null;
  if ((RELEASE_STATUSES as readonly string[]).includes(raw.toLowerCase())) return raw.toLowerCase() as ReleaseStatus;
  const byLabel = CATALOG_STATUS_FILTERS.find((f) => f.label.toLowerCase() === raw.toLowerCase());
  if (byLabel) return (byLabel.value || null) as ReleaseStatus | null;
  throw DomainError.badRequest(M.catalogStatusInvalid);
}
