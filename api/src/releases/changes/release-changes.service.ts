import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, type EntityManager } from 'typeorm';
import {
  isPriceTierAllowed,
  RELEASE_CHANGE_MESSAGES as M,
  RELEASE_LIMITS,
  RELEASE_MESSAGES as RM,
  subGenresFor,
  type ReleaseChangeFields,
  type ReleaseChangeRequest,
  type ReleaseChangeRow,
  type ReleaseChangeStatus,
  type ReleaseChangeTrack,
} from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { Transactions } from '../../database/transactions';
import { ArtistsService } from '../artists/artists.service';
import { ReleaseChangeEntity } from '../entities/release-change.entity';
import { ReleaseEntity } from '../entities/release.entity';
import { TrackEntity } from '../entities/track.entity';
import { allArtistIds, joinNames } from '../release-info/release.mapper';
import { ReleaseGateService } from '../release-info/release-gate.service';
import { ReleasesService } from '../release-info/releases.service';
import { UploadsService } from '../uploads/uploads.service';

/** The release columns a change may set (issue 39 §3), in the release info's order. */
const RELEASE_FIELDS = ['release_title', 'genre', 'sub_genre', 'lable_name', 'release_date', 'album_artwork', 'p_line', 'c_line'] as const;
type ReleaseField = (typeof RELEASE_FIELDS)[number];

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);
const isMysqlManager = (m: EntityManager): boolean => m.connection.options.type === 'mysql' || m.connection.options.type === 'mariadb';

/**
 * Changes to an approved release (issue 39 §3; docs/decisions/041 "Updates after approval"). The artist
 * asks (`request`: only what differs from the release is kept, each value checked as the release info and
 * track rules check it, one pending change per release); staff decide through the console's review
 * (`approve` applies the change in the caller's transaction, `decline` records why). The release rows stay
 * this module's: the console and distribution see changes only through this service's plain rows.
 */
@Injectable()
export class ReleaseChangesService {
  constructor(
    @InjectRepository(ReleaseChangeEntity) private readonly changes: Repository<ReleaseChangeEntity>,
    @InjectRepository(ReleaseEntity) private readonly releaseRows: Repository<ReleaseEntity>,
    @InjectRepository(TrackEntity) private readonly tracks: Repository<TrackEntity>,
    private readonly transactions: Transactions,
    private readonly releases: ReleasesService,
    private readonly gate: ReleaseGateService,
    private readonly uploads: UploadsService,
    private readonly artists: ArtistsService,
  ) {}

  /**
   * POST /api/requestReleaseChange: a pending change of the caller's approved release → the change.
   * Errors: 403 away / revoked; 404 releaseNotFound (also another user's), trackNotFound (a track not of the
   * release); 409 not_approved, change_pending (one at a time, also for two requests at once); 400
   * nothing_changed, subGenreUnknown (the sub genre does not belong to the genre the release would have),
   * priceTierNotAllowed, uploadUnknownFile, store_not_ready (the new artwork has not passed store QC).
   */
  async request(userId: number, dto: ReleaseChangeRequest): Promise<ReleaseChangeRow> {
    await this.gate.assertCanCreate(userId);
    const release = await this.releases.findOwned(userId, dto.release_id);
    if (release.status !== 'approved') throw DomainError.conflict(M.notApproved, 'not_approved');
    const tracks = await this.tracks.find({ where: { release_id: release.id, user_id: userId }, order: { id: 'ASC' } });
    const { changes, previous } = await this.difference(userId, release, tracks, dto);
    if (changes.album_artwork) await this.uploads.assertStoreReady(userId, changes.album_artwork, []);
    const id = await this.transactions.run(async (m) => {
      // The release row's lock first (MariaDB; SQLite runs one writer at a time): two requests at once
      // find one another's pending change, so a release never has two.
      if (isMysqlManager(m)) await m.query('SELECT id FROM releases WHERE id = ? FOR UPDATE', [release.id]);
      const now = await m.findOne(ReleaseEntity, { select: { id: true, status: true }, where: { id: release.id } });
      if (now?.status !== 'approved') throw DomainError.conflict(M.notApproved, 'not_approved');
      if (await m.exists(ReleaseChangeEntity, { where: { release_id: release.id, status: 'pending' } })) throw DomainError.conflict(M.pending, 'change_pending');
      const saved = await m.save(
        m.create(ReleaseChangeEntity, { release_id: release.id, user_id: userId, status: 'pending', changes: JSON.stringify(changes), previous: JSON.stringify(previous), note: dto.note ?? '', decision_note: '', decided_by: '', requested_at: new Date(), decided_at: null }),
      );
      return saved.id;
    });
    return (await this.rows({ id }, 0))[0];
  }

  /** GET /api/getReleaseChanges?release_id: the caller's release's changes, newest first. Errors: 404. */
  async forOwner(userId: number, releaseId: number): Promise<ReleaseChangeRow[]> {
    await this.releases.findOwned(userId, releaseId);
    return (await this.rows({ release_id: releaseId }, 0)).reverse();
  }

  /** Staff: changes in `status` ('all': every one), of one release or of all, oldest first (at most 200). */
  async list(status: ReleaseChangeStatus | 'all', releaseId?: number): Promise<ReleaseChangeRow[]> {
    return this.rows({ ...(status === 'all' ? {} : { status }), ...(releaseId ? { release_id: releaseId } : {}) }, 200, true);
  }

  /** One change (staff), or null; `m`: read inside the caller's transaction. */
  async find(changeId: number, m?: EntityManager): Promise<ReleaseChangeRow | null> {
    return (await this.rows({ id: changeId }, 0, true, m))[0] ?? null;
  }

  /**
   * Inside the caller's transaction: approve a pending change and apply it to the release and its tracks.
   * The release row is locked first (MariaDB), then the change moves pending → approved with a conditional
   * update, so of two approvals (two clicks, two instances) one applies it and the other answers
   * `not_pending`. `not_approved`: the release is no longer approved (taken down meanwhile); nothing changed.
   */
  async approve(m: EntityManager, changeId: number, staffEmail: string): Promise<'applied' | 'not_pending' | 'not_approved'> {
    const change = await this.find(changeId, m);
    if (!change) return 'not_pending';
    if (isMysqlManager(m)) await m.query('SELECT id FROM releases WHERE id = ? FOR UPDATE', [change.release_id]);
    const release = await m.findOne(ReleaseEntity, { where: { id: change.release_id } });
    if (!(await this.decide(m, changeId, 'approved', '', staffEmail))) return 'not_pending';
    if (!release || release.status !== 'approved') return 'not_approved';
    const c = change.changes;
    const set: Partial<Pick<ReleaseEntity, ReleaseField | 'search_text'>> = {};
    for (const k of RELEASE_FIELDS) if (c[k] !== undefined) Object.assign(set, { [k]: c[k] });
    if (set.release_title !== undefined || set.lable_name !== undefined) {
      // The catalogue's search text (title, every artist, label), as the release info writes it.
      const names = await this.artists.names(release.user_id, allArtistIds(release));
      set.search_text = [set.release_title ?? release.release_title, joinNames(allArtistIds(release), names), set.lable_name ?? release.lable_name].join(' ').toLowerCase().slice(0, RELEASE_LIMITS.searchTextMax);
    }
    if (Object.keys(set).length) await m.update(ReleaseEntity, { id: release.id }, set);
    for (const t of c.tracks ?? []) {
      const values = { ...(t.title !== undefined ? { title: t.title } : {}), ...(t.price_tier !== undefined ? { price_tier: t.price_tier } : {}) };
      if (Object.keys(values).length) await m.update(TrackEntity, { id: t.track_id, release_id: release.id }, values);
    }
    return 'applied';
  }

  /** Inside the caller's transaction: decline a pending change with staff's note; false when it was not pending. */
  decline(m: EntityManager, changeId: number, note: string, staffEmail: string): Promise<boolean> {
    return this.decide(m, changeId, 'declined', note, staffEmail);
  }

  private async decide(m: EntityManager, changeId: number, status: 'approved' | 'declined', note: string, staffEmail: string): Promise<boolean> {
    const res = await m.update(ReleaseChangeEntity, { id: changeId, status: 'pending' }, { status, decision_note: note.slice(0, 1000), decided_by: staffEmail.slice(0, 254), decided_at: new Date() });
    return Boolean(res.affected);
  }

  /** What `dto` changes on the release and its tracks (only values that differ), and those values before. */
  private async difference(userId: number, release: ReleaseEntity, tracks: TrackEntity[], dto: ReleaseChangeRequest): Promise<{ changes: ReleaseChangeFields; previous: ReleaseChangeFields }> {
    const changes: Record<string, unknown> = {};
    const previous: Record<string, unknown> = {};
    for (const k of RELEASE_FIELDS) {
      let value: string | number | undefined = dto[k];
      if (value === undefined) continue;
      if (k === 'album_artwork') value = await this.uploads.assertOwned(userId, String(value), 'artwork');
      const current = k === 'release_date' ? Number(release[k]) : release[k];
      if (value !== current) {
        changes[k] = value;
        previous[k] = current;
      }
    }
    // The sub genre must be one of the genre the release would have (a new genre may need a new sub genre).
    if (changes.genre !== undefined || changes.sub_genre !== undefined) {
      const genre = String(changes.genre ?? release.genre);
      if (!subGenresFor(genre).includes(String(changes.sub_genre ?? release.sub_genre))) throw DomainError.badRequest(RM.subGenreUnknown);
    }
    const byId = new Map(tracks.map((t) => [t.id, t]));
    const perTrack = new Map<number, { c: ReleaseChangeTrack; p: ReleaseChangeTrack }>();
    for (const t of dto.tracks ?? []) {
      const track = byId.get(Number(t.track_id));
      if (!track) throw DomainError.notFound(RM.trackNotFound);
      if (t.price_tier !== undefined && !isPriceTierAllowed(release.release_type, t.price_tier)) throw DomainError.badRequest(RM.priceTierNotAllowed);
      const entry = perTrack.get(track.id) ?? { c: { track_id: track.id }, p: { track_id: track.id } };
      if (t.title !== undefined && t.title !== track.title) [entry.c.title, entry.p.title] = [t.title, track.title];
      if (t.price_tier !== undefined && t.price_tier !== track.price_tier) [entry.c.price_tier, entry.p.price_tier] = [t.price_tier, track.price_tier];
      perTrack.set(track.id, entry);
    }
    const changed = [...perTrack.values()].filter((e) => Object.keys(e.c).length > 1);
    if (changed.length) {
      changes.tracks = changed.map((e) => e.c);
      previous.tracks = changed.map((e) => e.p);
    }
    if (!Object.keys(changes).length) throw DomainError.badRequest(M.nothingChanged, 'nothing_changed');
    return { changes: changes as ReleaseChangeFields, previous: previous as ReleaseChangeFields };
  }

  /** Rows as the wire has them (`take` 0: all), by id; `staff` adds the owner's id. */
  private async rows(where: { id?: number; release_id?: number; status?: ReleaseChangeStatus }, take: number, staff = false, m?: EntityManager): Promise<ReleaseChangeRow[]> {
    const repo = m ? m.getRepository(ReleaseChangeEntity) : this.changes;
    const found = await repo.find({ where, order: { id: 'ASC' }, ...(take ? { take } : {}) });
    if (!found.length) return [];
    const titles = new Map(
      (await (m ? m.getRepository(ReleaseEntity) : this.releaseRows).find({ select: { id: true, release_title: true }, where: { id: In([...new Set(found.map((c) => c.release_id))]) } })).map((r) => [r.id, r.release_title]),
    );
    return found.map((c) => ({
      change_id: c.id,
      release_id: c.release_id,
      release_title: titles.get(c.release_id) ?? '',
      status: c.status,
      changes: JSON.parse(c.changes) as ReleaseChangeFields,
      before: JSON.parse(c.previous) as ReleaseChangeFields,
      note: c.note,
      decision_note: c.decision_note,
      requested_at: iso(c.requested_at)!,
      decided_at: iso(c.decided_at),
      user_id: staff ? c.user_id : 0,
    }));
  }
}
