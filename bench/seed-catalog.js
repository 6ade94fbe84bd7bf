#!/usr/bin/env node
/**
 * Synthetic catalogue for load measurements (bench/catalog-list.js): `node bench/seed-catalog.js
 * <users> <releases per user> [tokens] [label releases]` with DATA_DIR / DATABASE_URL as for the API
 * (run `npm run build` first). Bulk-inserts `users` verified users (no usable password), one primary
 * artist each, and `perUser` releases each with mixed statuses and creation times over the past year,
 * 500 rows per INSERT inside one transaction per table; prints JSON `{ users, releases, ms, tokens,
 * searchWord }` with login tokens for the first `tokens` users. Deterministic (mulberry32), so two
 * engines seeded with the same numbers hold the same rows.
 *
 * With `label releases` > 0 the first user is a big label ("Northwind Collective" on every row) holding
 * that many releases, the other users `perUser` each, and the answer also holds `label: { user_id,
 * token, releases, common, rare, everyRow, ... }`: `common` ("sessions") is in about 70% of the label's
 * titles, `rare` ("zephyrine") in 20 of them, `everyRow` ("northwind") in all, with the exact counts.
 * The catalogue counts (release_counts) follow by the database's own triggers (migration
 * CatalogAtScale1764500000000), as for any other insert.
 */
require('reflect-metadata');
const { join } = require('node:path');
const { randomBytes } = require('node:crypto');
const { NestFactory } = require('@nestjs/core');
const { DataSource } = require('typeorm');

const DIST = join(__dirname, '..', 'api', 'dist');
const { AppModule } = require(join(DIST, 'app.module'));
const { bootConfig } = require(join(DIST, 'config', 'app-config'));
const { SessionService } = require(join(DIST, 'auth', 'session.service'));
const { UserEntity } = require(join(DIST, 'users', 'user.entity'));
const { ArtistEntity } = require(join(DIST, 'releases', 'entities', 'artist.entity'));
const { ReleaseEntity } = require(join(DIST, 'releases', 'entities', 'release.entity'));
const { GENRES, RELEASE_LIMITS, RELEASE_STATUSES, RELEASE_TYPES } = require('@portal/contracts');

const WORDS = [
  'midnight', 'river', 'golden', 'echo', 'summer', 'neon', 'monsoon', 'velvet', 'horizon', 'ember', 'silver', 'dream', 'city', 'lights',
  'ocean', 'fire', 'shadow', 'paper', 'moon', 'garden', 'thunder', 'wild', 'saffron', 'desert', 'rain', 'northern', 'electric', 'blue',
];
const LABELS = ['Indie Wave Records', 'Sunrise Music', 'Blue Lotus', 'Northside Audio', 'Saffron Sound', 'Own Label'];
const BIG_LABEL = 'Northwind Collective';
const COMMON = 'sessions';
const RARE = 'zephyrine';
const RARE_ROWS = 20;
const BATCH = 500;
const RELEASE_COLUMNS = [
  'user_id', 'album_artwork', 'release_type', 'release_title', 'primary_artist1', 'genre', 'sub_genre', 'lable_name', 'release_date', 'p_line', 'c_line',
  'upc_ean', 'number_of_tracks', 'status', 'reason', 'crbt', 'video_platforms', 'artist_name', 'search_text', 'created_at', 'updated_at',
];

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Multi-row inserts of BATCH rows in one transaction; answers the number of rows. */
async function bulk(db, entity, rows) {
  if (!rows.length) return 0;
  await db.transaction(async (m) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      await m.createQueryBuilder().insert().into(entity).values(rows.slice(i, i + BATCH)).updateEntity(false).execute();
    }
  });
  return rows.length;
}

/**
 * Releases as plain multi-row INSERTs (BATCH rows each, one transaction per call): the entity layer
 * costs more than the database at 1M rows. Values go through the driver's own conversion (dates as
 * TypeORM writes them on each engine).
 */
async function bulkReleases(db, rows) {
  if (!rows.length) return 0;
  const q = (c) => db.driver.escape(c);
  const meta = db.getMetadata(ReleaseEntity);
  const columns = RELEASE_COLUMNS.map((c) => meta.findColumnWithDatabaseName(c));
  const head = `INSERT INTO ${q('releases')} (${RELEASE_COLUMNS.map(q).join(', ')}) VALUES `;
  const tuple = `(${RELEASE_COLUMNS.map(() => '?').join(', ')})`;
  await db.transaction(async (m) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const chunk = rows.slice(i, i + BATCH);
      await m.query(head + chunk.map(() => tuple).join(', '), chunk.flatMap((r) => columns.map((c) => db.driver.preparePersistentValue(r[c.databaseName], c))));
    }
  });
  return rows.length;
}

async function seed(db, sessions, users, perUser, tokens, labelReleases) {
  const started = Date.now();
  const run = randomBytes(4).toString('hex');
  const random = rng(users * 7919 + perUser);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const now = Date.now();

  await bulk(
    db,
    UserEntity,
    Array.from({ length: users }, (_, i) => ({
      name: `Bench Artist ${i}`, email: `bench-${run}-${i}@bench.invalid`, phone: '9000000000', address: 'Bench Street',
      password_hash: '!', signup_ip: '', email_verified_at: new Date(now), revoked: 0,
    })),
  );
  const ids = await db.getRepository(UserEntity).createQueryBuilder('u').select('u.id', 'id').where('u.email LIKE :p', { p: `bench-${run}-%` }).orderBy('u.id', 'ASC').getRawMany();
  const userIds = ids.map((r) => Number(r.id));

  await bulk(
    db,
    ArtistEntity,
    userIds.map((user_id, i) => ({ user_id, artist_type: 'primary', artist_name: `${pick(WORDS)} ${pick(WORDS)} ${i}`, name_key: `artist-${i}`, apple_id: '', spotify_id: '' })),
  );
  const artists = await db
    .getRepository(ArtistEntity)
    .createQueryBuilder('a')
    .select(['a.id AS id', 'a.user_id AS user_id', 'a.artist_name AS artist_name'])
    .where('a.user_id IN (:...ids)', { ids: userIds.length ? userIds : [0] })
    .getRawMany();
  const artistOf = new Map(artists.map((a) => [Number(a.user_id), { id: Number(a.id), name: a.artist_name }]));

  let rows = [];
  let total = 0;
  const big = labelReleases > 0 ? userIds[0] : null;
  const stats = { releases: 0, commonRows: 0, rareRows: 0, approved: 0, commonApproved: 0 };
  // The label's rare rows are spread evenly over its releases (every 2,500th of 50,000).
  const rareEvery = labelReleases > 0 ? Math.max(1, Math.floor(labelReleases / RARE_ROWS)) : 0;
  for (const user_id of userIds) {
    const artist = artistOf.get(user_id);
    const isBig = user_id === big;
    const count = isBig ? labelReleases : perUser;
    for (let j = 0; j < count; j++) {
      let title = `${pick(WORDS)} ${pick(WORDS)}`.replace(/^./, (c) => c.toUpperCase());
      const label = isBig ? BIG_LABEL : pick(LABELS);
      const created = new Date(now - Math.floor(random() * 365 * 86_400_000));
      const status = pick(RELEASE_STATUSES);
      if (isBig) {
        const common = random() < 0.7;
        if (common) title += ` ${COMMON[0].toUpperCase()}${COMMON.slice(1)}`;
        if (j % rareEvery === rareEvery - 1 && stats.rareRows < RARE_ROWS) {
          title += ` ${RARE}`;
          stats.rareRows++;
        }
        stats.releases++;
        if (common) stats.commonRows++;
        if (status === 'approved') stats.approved++;
        if (common && status === 'approved') stats.commonApproved++;
      }
      rows.push({
        user_id, album_artwork: '', release_type: pick(RELEASE_TYPES), release_title: title, primary_artist1: artist.id,
        genre: pick(GENRES), sub_genre: 'General', lable_name: label, release_date: created.getTime() + 30 * 86_400_000,
        p_line: label, c_line: label, upc_ean: '', number_of_tracks: 1 + Math.floor(random() * 12), status,
        reason: '', crbt: 'no', video_platforms: 'no', artist_name: artist.name, search_text: `${title} ${artist.name} ${label}`.toLowerCase().slice(0, RELEASE_LIMITS.searchTextMax),
        created_at: created, updated_at: created,
      });
      if (rows.length === BATCH * 20) {
        total += await bulkReleases(db, rows);
        rows = [];
      }
    }
  }
  total += await bulkReleases(db, rows);

  const issued = [];
  for (const user_id of userIds.slice(0, tokens)) issued.push({ user_id, token: await sessions.issue(user_id, 'login') });
  const label = big === null ? null : { user_id: big, token: await sessions.issue(big, 'login'), common: COMMON, rare: RARE, everyRow: BIG_LABEL.split(' ')[0].toLowerCase(), ...stats };
  return { users: userIds.length, releases: total, ms: Date.now() - started, tokens: issued, searchWord: WORDS[3], label };
}

async function main() {
  const [users, perUser, tokens, labelReleases] = [process.argv[2] ?? '1000', process.argv[3] ?? '100', process.argv[4] ?? '0', process.argv[5] ?? '0'].map(Number);
  if ([users, perUser, tokens, labelReleases].some((x) => !Number.isInteger(x) || x < 0)) throw new Error('seed-catalog.js <users> <releases per user> [tokens] [label releases]');
  const config = { ...bootConfig(process.env, process.cwd()), logRequests: false, staticRoot: '' };
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error', 'warn'] });
  try {
    console.log(JSON.stringify(await seed(app.get(DataSource), app.get(SessionService), users, perUser, tokens, labelReleases)));
  } finally {
    await app.close();
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
