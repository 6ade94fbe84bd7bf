import request from 'supertest';
import { DataSource } from 'typeorm';
import { ImportRunner } from '../../src/royalties/import/import-runner';
import { TrackEntity } from '../../src/releases/entities/track.entity';
import { ReleaseEntity } from '../../src/releases/entities/release.entity';
import { UsersService } from '../../src/users/users.service';
import { createVerifiedUser } from './accounts';
import { media, ReleasesClient, trackInfo } from './releases-fixtures';
import type { TestApp } from './test-app';

/** An approved release of an artist with its UPC and its tracks' ids and ISRCs (assigned at approval, decision 008). */
export type ApprovedRelease = { releaseId: number; upc: string; tracks: Array<{ id: number; isrc: string }> };

/** A caller of the API with one token. */
export const as = (t: TestApp, token: string) => ({
  get: (path: string, query: Record<string, unknown> = {}) => request(t.http).get(`/api/${path}`).set('Authorization', `Bearer ${token}`).query(query),
  post: (path: string, body: object = {}, headers: Record<string, string> = {}) => request(t.http).post(`/api/${path}`).set('Authorization', `Bearer ${token}`).set(headers).send(body),
  upload: (path: string, field: string, bytes: Buffer, name: string) => request(t.http).post(`/api/${path}`).set('Authorization', `Bearer ${token}`).attach(field, bytes, name),
});

/** A verified artist with their user id and a releases client. */
export async function newArtist(t: TestApp) {
  const u = await createVerifiedUser(t);
  const id = (await t.app.get(UsersService).findByEmail(u.email))!.id;
  return { ...u, id, releases: new ReleasesClient(t, u.token) };
}

/** A release of `tracks` tracks, submitted and approved by `reviewerToken`; answers its codes. */
export async function approvedRelease(t: TestApp, artist: { releases: ReleasesClient }, reviewerToken: string, tracks = 1, title = `Royalty ${Math.random().toString(36).slice(2, 7)}`): Promise<ApprovedRelease> {
  const r = await artist.releases.readyRelease({ info: { release_title: title } });
  for (let i = 1; i < tracks; i += 1) {
    const audio = await artist.releases.file(media.mp3(), `song${i}.mp3`, 'audio');
    await artist.releases.track(trackInfo(r.releaseId, audio, r.artistId, { title: `${title} track ${i + 1}` }));
  }
  const sub = await artist.releases.post('submissionButton', { release_id: r.releaseId, terms: true });
  if (sub.body.status !== 200) throw new Error(`submissionButton: ${JSON.stringify(sub.body)}`);
  const ok = await as(t, reviewerToken).post('ops/releases/approve', { release_id: r.releaseId });
  if (ok.body.status !== 200) throw new Error(`approve: ${JSON.stringify(ok.body)}`);
  const db = t.app.get(DataSource);
  const release = await db.getRepository(ReleaseEntity).findOneByOrFail({ id: r.releaseId });
  const rows = await db.getRepository(TrackEntity).find({ where: { release_id: r.releaseId }, order: { id: 'ASC' } });
  return { releaseId: r.releaseId, upc: release.upc_ean, tracks: rows.map((x) => ({ id: x.id, isrc: x.isrc })) };
}

/** Tab- or comma-separated text of a header and rows (cells with the delimiter, quotes or newlines are quoted). */
export function statementText(header: string[], rows: Array<Array<string | number>>, delimiter = ','): string {
  const cell = (v: string | number) => {
    const s = String(v);
    return s.includes(delimiter) || s.includes('"') || s.includes('\n') ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(cell).join(delimiter)).join('\n') + '\n';
}

export const DISTROKID_HEADER = ['Reporting Date', 'Sale Month', 'Store', 'Artist', 'Title', 'ISRC', 'UPC', 'Quantity', 'Team Percentage', 'Song/Album', 'Country of Sale', 'Songwriter Royalties Withheld', 'Earnings (USD)'];
export const TUNECORE_HEADER = ['Sales Period', 'Posted Date', 'Store Name', 'Country Of Sale', 'Artist', 'Release Type', 'Release Title', 'Song Title', 'Label', 'UPC', 'Optional UPC', 'TC Song ID', 'Optional ISRC', 'Sales Type', '# Units Sold', 'Per Unit Price', 'Net Sales', 'Net Sales Currency', 'Exchange Rate', 'Total Earned', 'Currency'];
export const CDBABY_HEADER = ['Report Date', 'Sales Date', 'Quantity', 'Price', 'Subtotal', 'Isrc', 'Barcode', 'CDBabySku', 'Album Name', 'Artist Name', 'Track Name', 'Partner Name', 'Transaction Type', 'Delivery Country'];
export const BELIEVE_HEADER = ['Sales Month', 'Platform', 'Country / Region', 'Label Name', 'Artist Name', 'Release title', 'Track title', 'UPC', 'ISRC', 'Release Catalog nb', 'Streaming Subscription Type', 'Release type', 'Sales Type', 'Quantity', 'Client Payment Currency', 'Unit Price', 'Mechanical Fee', 'Gross Revenue', 'Client share rate', 'Net Revenue'];

/** A DistroKid row: the fields a test varies, the rest filled. */
export function distrokidRow(r: { month: string; store: string; isrc?: string; upc?: string; qty?: number; country?: string; amount: string }): Array<string | number> {
  return [`${r.month}-28`, r.month, r.store, 'Asha Rao', 'Song', r.isrc ?? '', r.upc ?? '', r.qty ?? 1, '100%', 'Song', r.country ?? 'IN', '0', r.amount];
}

/**
 * Upload a statement as finance, start it and wait for the job. Answers the upload answer and the
 * import as it ended (status applied or failed).
 */
export async function runImport(t: TestApp, financeToken: string, text: string, name: string, start: Record<string, unknown>) {
  const up = await as(t, financeToken).upload('ops/statements/upload', 'file', Buffer.from(text), name);
  if (up.body.status !== 200) return { upload: up, started: null, row: null };
  const started = await as(t, financeToken).post('ops/statements/start', { import_id: up.body.body.import_id, source: 'Test aggregator', ...start });
  await t.app.get(ImportRunner).idle();
  const row = await as(t, financeToken).get('ops/statements/detail', { import_id: up.body.body.import_id });
  return { upload: up, started, row: row.body.body as Record<string, unknown> & { import_id: number; status: string } };
}

/** The ledger balance of a user in cents. */
export async function balanceCents(t: TestApp, userId: number): Promise<number> {
  const rows = (await t.app.get(DataSource).query('SELECT COALESCE(SUM(amount_cents), 0) AS c FROM ledger_entries WHERE user_id = ?', [userId])) as Array<{ c: string | number }>;
  return Number(rows[0].c);
}
