import type { FindOptionsWhere, Repository } from 'typeorm';
import { pageOffset, type HistoryQueryDto } from '@portal/contracts';

/**
 * One page of a user's rows, newest first, and the count of all of them (areas §2 histories, §9:
 * pages = ceil(total / limit)). `map` turns an entity into its wire row.
 */
export async function historyPage<E extends { id: number; user_id: number }, R>(
  repo: Repository<E>,
  userId: number,
  query: HistoryQueryDto,
  map: (e: E) => R,
): Promise<{ rows: R[]; total: number }> {
  const [found, total] = await repo.findAndCount({
    where: { user_id: userId } as FindOptionsWhere<E>,
    order: { id: 'DESC' } as never,
    skip: pageOffset(query),
    take: query.limit,
  });
  return { rows: found.map(map), total };
}
