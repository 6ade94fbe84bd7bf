import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A track a statement row can credit: its owner, release and codes. */
export type CatalogTrack = { track_id: number; user_id: number; release_id: number; isrc: string; upc: string; title: string; release_title: string };

/** Releases whose tracks earn: approved ones, and taken-down ones (stores report late sales). */
const EARNING = `('approved','takendown')`;
const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(',');

/**
 * Read-only lookups of the catalogue by ISRC and UPC for statement matching (decision 019, "Matching"),
 * owned and exported by the releases module so the royalties module reads none of its tables. Each
 * method takes the caller's EntityManager, so an import's matching reads inside its batch transaction.
 */
@Injectable()
export class CatalogCodes {
  /**
   * Tracks by ISRC (upper case, no dashes). An ISRC on several tracks (a single and its album) credits
   * the earliest track. Answers ISRC → track.
   */
  async byIsrc(m: EntityManager, isrcs: string[]): Promise<Map<string, CatalogTrack>> {
    const out = new Map<string, CatalogTrack>();
    if (!isrcs.length) return out;
    const rows = (await m.query(
      `SELECT t.id AS track_id, t.user_id, t.release_id, t.isrc, t.title, r.release_title, r.upc_ean AS upc FROM tracks t JOIN releases r ON r.id = t.release_id
       WHERE t.isrc IN (${placeholders(isrcs.length)}) AND r.status IN ${EARNING} ORDER BY t.id`,
      isrcs,
    )) as CatalogTrack[];
    for (const r of rows.map(num)) if (!out.has(r.isrc.toUpperCase())) out.set(r.isrc.toUpperCase(), r);
    return out;
  }

  /**
   * The tracks of releases by UPC (digits without leading zeros, as `normUpc` gives), in track order.
   * Answers UPC → tracks.
   */
  async byUpc(m: EntityManager, upcs: string[]): Promise<Map<string, CatalogTrack[]>> {
    const out = new Map<string, CatalogTrack[]>();
    if (!upcs.length) return out;
    const variants = [...new Set(upcs.flatMap((u) => [u, u.padStart(12, '0'), u.padStart(13, '0')]))];
    const rows = (await m.query(
      `SELECT t.id AS track_id, t.user_id, t.release_id, t.isrc, t.title, r.release_title, r.upc_ean AS upc FROM tracks t JOIN releases r ON r.id = t.release_id
       WHERE r.upc_ean IN (${placeholders(variants.length)}) AND r.status IN ${EARNING} ORDER BY t.id`,
      variants,
    )) as CatalogTrack[];
    for (const r of rows.map(num)) {
      const key = r.upc.replace(/^0+/, '');
      out.set(key, [...(out.get(key) ?? []), r]);
    }
    return out;
  }

  /** One earning track by id (linking unmatched rows), or null. */
  async track(m: EntityManager, trackId: number): Promise<CatalogTrack | null> {
    const rows = (await m.query(
      `SELECT t.id AS track_id, t.user_id, t.release_id, t.isrc, t.title, r.release_title, r.upc_ean AS upc FROM tracks t JOIN releases r ON r.id = t.release_id WHERE t.id = ? AND r.status IN ${EARNING}`,
      [trackId],
    )) as CatalogTrack[];
    return rows[0] ? num(rows[0]) : null;
  }

  /** A track of `userId` (any status), for the owner's split screen, or null. */
  async ownTrack(m: EntityManager, userId: number, trackId: number): Promise<CatalogTrack | null> {
    const rows = (await m.query(
      `SELECT t.id AS track_id, t.user_id, t.release_id, t.isrc, t.title, r.release_title, r.upc_ean AS upc FROM tracks t JOIN releases r ON r.id = t.release_id WHERE t.id = ? AND t.user_id = ?`,
      [trackId, userId],
    )) as CatalogTrack[];
    return rows[0] ? num(rows[0]) : null;
  }

  /** The earning tracks of a user, release by release (the split editor). */
  async tracksOf(m: EntityManager, userId: number): Promise<CatalogTrack[]> {
    const rows = (await m.query(
      `SELECT t.id AS track_id, t.user_id, t.release_id, t.isrc, t.title, r.release_title, r.upc_ean AS upc FROM tracks t JOIN releases r ON r.id = t.release_id
       WHERE t.user_id = ? AND r.status IN ${EARNING} ORDER BY r.id DESC, t.id LIMIT 1000`,
      [userId],
    )) as CatalogTrack[];
    return rows.map(num);
  }

  /** Titles of tracks and releases by id, for earnings labels. */
  async titles(m: EntityManager, trackIds: number[], releaseIds: number[]): Promise<{ tracks: Map<number, string>; releases: Map<number, string> }> {
    const tracks = new Map<number, string>();
    const releases = new Map<number, string>();
    if (trackIds.length) {
      for (const r of (await m.query(`SELECT id, title FROM tracks WHERE id IN (${placeholders(trackIds.length)})`, trackIds)) as Array<{ id: number; title: string }>) tracks.set(Number(r.id), r.title);
    }
    if (releaseIds.length) {
      for (const r of (await m.query(`SELECT id, release_title FROM releases WHERE id IN (${placeholders(releaseIds.length)})`, releaseIds)) as Array<{ id: number; release_title: string }>)
        releases.set(Number(r.id), r.release_title);
    }
    return { tracks, releases };
  }

  /** Every ISRC and UPC of a user's releases and tracks (report-attach checks). */
  async codesOf(m: EntityManager, userId: number): Promise<Set<string>> {
    const codes = new Set<string>();
    for (const r of (await m.query('SELECT isrc FROM tracks WHERE user_id = ?', [userId])) as Array<{ isrc: string }>) if (r.isrc) codes.add(r.isrc.toUpperCase());
    for (const r of (await m.query('SELECT upc_ean FROM releases WHERE user_id = ?', [userId])) as Array<{ upc_ean: string }>) if (r.upc_ean) codes.add(r.upc_ean.replace(/^0+/, ''));
    return codes;
  }
}

function num(r: CatalogTrack): CatalogTrack {
  return { ...r, track_id: Number(r.track_id), user_id: Number(r.user_id), release_id: Number(r.release_id), isrc: r.isrc ?? '', upc: r.upc ?? '' };
}
