import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { pageOffset, type CatalogQueryDto, type CatalogRow, type CatalogSort } from '@portal/contracts';
import { ReleaseEntity } from '../entities/release.entity';
import { toCatalogRow, type CatalogEntityRow } from '../release-info/release.mapper';

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


/** Whether a search text holds a control character (NUL included). */
export const hasControlCharacter = (s: string): boolean => /[\u0000-\u001f\u007f]/.test(s);

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
   * Rows and total of the caller's releases, from a query already validated by `catalogQuerySchema`:
   * `search` a case-insensitive substring of title, artist name or label (wildcards taken literally);
   * `status` a stored status or '' (every status); `sort` a CATALOG_SORTS key; `limit` and
   * `offset`/`page` as `pageOffset()`.
   */
  async list(userId: number, params: CatalogQueryDto): Promise<{ rows: CatalogRow[]; total: number }> {
    const { limit, status } = params;
    const offset = pageOffset(params);
    const search = params.search.toLowerCase();
    // No title, name or label holds a control character, so such a search finds nothing (and a NUL
    // must not cut SQLite's LIKE pattern short into one that matches everything).
    if (hasControlCharacter(search)) return { rows: [], total: 0 };
    const [column, direction] = SORTS[params.sort as CatalogSort] ?? SORTS.newest;

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
