import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { GENRES, RELEASE_STATUSES, RELEASE_TYPES, type ReleaseStatus } from '@portal/contracts';
import { SessionService } from '../auth/session.service';
import { UserEntity } from '../users/user.entity';
import { ArtistEntity } from './entities/artist.entity';
import { ReleaseEntity } from './entities/release.entity';

const WORDS = [
  'midnight', 'river', 'golden', 'echo', 'summer', 'neon', 'monsoon', 'velvet', 'horizon', 'ember', 'silver', 'dream', 'city', 'lights',
  'ocean', 'fire', 'shadow', 'paper', 'moon', 'garden', 'thunder', 'wild', 'saffron', 'desert', 'rain', 'northern', 'electric', 'blue',
];
const LABELS = ['Indie Wave Records', 'Sunrise Music', 'Blue Lotus', 'Northside Audio', 'Saffron Sound', 'Own Label'];
const BATCH = 500;

/** Deterministic pseudo-random numbers (mulberry32), so two seeded databases hold the same rows. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type SeedResult = { users: number; releases: number; ms: number; tokens: { user_id: number; token: string }[]; searchWord: string };

/**
 * Bulk-inserts a synthetic catalogue for load measurements (CLI `seed-catalog`, bench/catalog-list.js):
 * `users` verified users (they cannot log in: no usable password), one primary artist each, and
 * `perUser` releases each with mixed statuses and creation times over the past year. Multi-row
 * inserts of 500 inside one transaction per table. Answers login tokens for the first `tokens` users.
 */
@Injectable()
export class CatalogSeeder {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sessions: SessionService,
  ) {}

  async seed(users: number, perUser: number, tokens = 0): Promise<SeedResult> {
    const started = Date.now();
    const run = randomBytes(4).toString('hex');
    const random = rng(users * 7919 + perUser);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const now = Date.now();

    const userRows = Array.from({ length: users }, (_, i) => ({
      name: `Bench Artist ${i}`,
      email: `bench-${run}-${i}@bench.invalid`,
      phone: '9000000000',
      address: 'Bench Street',
      password_hash: '!',
      signup_ip: '',
      email_verified_at: new Date(now),
      revoked: 0,
    }));
    await this.bulk(UserEntity, userRows);
    const ids: { id: number }[] = await this.db
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .select('u.id', 'id')
      .where('u.email LIKE :p', { p: `bench-${run}-%` })
      .orderBy('u.id', 'ASC')
      .getRawMany();
    const userIds = ids.map((r) => Number(r.id));

    await this.bulk(
      ArtistEntity,
      userIds.map((user_id, i) => ({ user_id, artist_type: 'primary', artist_name: `${pick(WORDS)} ${pick(WORDS)} ${i}`, name_key: `artist-${i}`, apple_id: '', spotify_id: '' })),
    );
    const artists: { id: number; user_id: number; artist_name: string }[] = await this.db
      .getRepository(ArtistEntity)
      .createQueryBuilder('a')
      .select(['a.id AS id', 'a.user_id AS user_id', 'a.artist_name AS artist_name'])
      .where('a.user_id IN (:...ids)', { ids: userIds.length ? userIds : [0] })
      .getRawMany();
    const artistOf = new Map(artists.map((a) => [Number(a.user_id), { id: Number(a.id), name: a.artist_name }]));

    const statuses: ReleaseStatus[] = [...RELEASE_STATUSES];
    let rows: Partial<ReleaseEntity>[] = [];
    let total = 0;
    for (const user_id of userIds) {
      const artist = artistOf.get(user_id)!;
      for (let j = 0; j < perUser; j++) {
        const title = `${pick(WORDS)} ${pick(WORDS)}`.replace(/^./, (c) => c.toUpperCase());
        const label = pick(LABELS);
        const created = new Date(now - Math.floor(random() * 365 * 86_400_000));
        rows.push({
          user_id,
          album_artwork: '',
          release_type: pick(RELEASE_TYPES),
          release_title: title,
          primary_artist1: artist.id,
          genre: pick(GENRES),
          sub_genre: 'General',
          lable_name: label,
          release_date: created.getTime() + 30 * 86_400_000,
          p_line: label,
          c_line: label,
          upc_ean: '',
          number_of_tracks: 1 + Math.floor(random() * 12),
          status: pick(statuses),
          reason: '',
          crbt: 'no',
          video_platforms: 'no',
          artist_name: artist.name,
          search_text: `${title} ${artist.name} ${label}`.toLowerCase(),
          created_at: created,
          updated_at: created,
        });
        if (rows.length === BATCH * 10) {
          total += await this.bulk(ReleaseEntity, rows);
          rows = [];
        }
      }
    }
    total += await this.bulk(ReleaseEntity, rows);

    const issued: { user_id: number; token: string }[] = [];
    for (const user_id of userIds.slice(0, tokens)) issued.push({ user_id, token: await this.sessions.issue(user_id, 'login') });
    return { users: userIds.length, releases: total, ms: Date.now() - started, tokens: issued, searchWord: WORDS[3] };
  }

  /** Multi-row inserts of BATCH rows in one transaction; answers the number of rows. */
  private async bulk<T extends object>(entity: new () => T, rows: object[]): Promise<number> {
    if (!rows.length) return 0;
    await this.db.transaction(async (m) => {
      for (let i = 0; i < rows.length; i += BATCH) {
        await m
          .createQueryBuilder()
          .insert()
          .into(entity)
          .values(rows.slice(i, i + BATCH) as never)
          .updateEntity(false)
          .execute();
      }
    });
    return rows.length;
  }
}
