import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { releaseSettings } from '../releases.settings';

/** One user's catalogue at one stored version: ids, statuses and search texts, newest first (created_at, id). */
export class CatalogSnapshot {
  constructor(
    readonly version: string,
    private readonly ids: Int32Array,
    private readonly statuses: string[],
    private readonly texts: string[],
  ) {}

  get size(): number {
    return this.ids.length;
  }

  /**
   * The ids of matches `offset` to `offset + limit` and the number of matches: rows whose search text
   * holds `search` (already lowercase; '' every row) and, when given, whose status is `status`; newest
   * first, or oldest first when `oldestFirst`.
   */
  list(search: string, status: string, offset: number, limit: number, oldestFirst = false): { ids: number[]; total: number } {
    const { ids, statuses, texts } = this;
    const n = ids.length;
    if (!search && !status) {
      const from = oldestFirst ? Math.max(0, n - offset - limit) : offset;
      const to = oldestFirst ? Math.max(0, n - offset) : offset + limit;
      const page = Array.from(ids.subarray(from, to));
      return { ids: oldestFirst ? page.reverse() : page, total: n };
    }
    const page: number[] = [];
    let total = 0;
    for (let k = 0; k < n; k++) {
      const i = oldestFirst ? n - 1 - k : k;
      if (status && statuses[i] !== status) continue;
      if (!texts[i].includes(search)) continue;
      if (total >= offset && page.length < limit) page.push(ids[i]);
      total++;
    }
    return { ids: page, total };
  }
}

/**
 * In-process snapshots of large catalogues (decision 011), for catalogues `covers()` accepts; all
 * snapshots together hold about CATALOG_SNAPSHOT_ENTRIES releases (about 100 bytes each), the least
 * recently used dropped first. A substring search must test every one of a label's release texts to
 * count its matches, and a middle page skips 25,000 index entries; MariaDB reads about 2 index entries
 * a microsecond, so 50,000 take 25-45 ms, while the same test in memory takes 2-3 ms and a page is a
 * slice. A user's (id, status, search_text) entries are loaded once, newest first, and used while
 * `release_list_versions` holds the version they were loaded at: the database's triggers change it in the same transaction as any
 * insert, delete, or change of status, search text, creation time or owner of that user's releases,
 * so a stale snapshot is never used, in this process or any other. The version is read before the
 * load, so a write that lands during the load only makes the next request load again.
 */
@Injectable()
export class CatalogSnapshots {
  private readonly cache = new Map<number, CatalogSnapshot>();
  private readonly loading = new Map<string, Promise<CatalogSnapshot>>();
  private held = 0;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Whether a catalogue of `total` releases is listed from a snapshot: from CATALOG_SNAPSHOT_MIN
   * releases (below, the SQL scan takes a few ms), unless snapshots are off.
   */
  covers(total: number): boolean {
    const { snapshotEntries, snapshotMin } = releaseSettings.of(this.config).catalog;
    return snapshotEntries > 0 && total >= snapshotMin;
  }

  /** Whether a catalogue of `total` releases counts as large (CATALOG_SNAPSHOT_MIN or more), snapshots on or off. */
  large(total: number): boolean {
    return total >= releaseSettings.of(this.config).catalog.snapshotMin;
  }

  /** The user's stored list version and number of releases, in one round trip. */
  async state(userId: number): Promise<{ version: string; total: number }> {
    const [row] = await this.db.query(
      'SELECT COALESCE((SELECT version FROM release_list_versions WHERE user_id = ?), 0) AS version, COALESCE((SELECT SUM(n) FROM release_counts WHERE user_id = ?), 0) AS total',
      [userId, userId],
    );
    return { version: String(row.version), total: Number(row.total) };
  }

  /** The user's snapshot at `version` (from `state()`), loaded when the cached one is older or missing. */
  async snapshot(userId: number, version: string): Promise<CatalogSnapshot> {
    const hit = this.cache.get(userId);
    if (hit && hit.version === version) {
      this.cache.delete(userId); // most recently used last
      this.cache.set(userId, hit);
      return hit;
    }
    const key = `${userId}:${version}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(userId, version).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async load(userId: number, version: string): Promise<CatalogSnapshot> {
    const rows: { id: number | string; status: string; search_text: string }[] = await this.db.query(
      'SELECT id, status, search_text FROM releases WHERE user_id = ? ORDER BY created_at DESC, id DESC',
      [userId],
    );
    const snap = new CatalogSnapshot(
      version,
      Int32Array.from(rows, (r) => Number(r.id)),
      rows.map((r) => r.status),
      rows.map((r) => r.search_text),
    );
    const old = this.cache.get(userId);
    if (old) {
      this.held -= old.size;
      this.cache.delete(userId);
    }
    this.cache.set(userId, snap);
    this.held += snap.size;
    for (const [id, s] of this.cache) {
      if (this.held <= releaseSettings.of(this.config).catalog.snapshotEntries || id === userId) break;
      this.cache.delete(id);
      this.held -= s.size;
    }
    return snap;
  }
}
