import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { In, IsNull, LessThan, Not, Repository } from 'typeorm';
import { fillMessage, PUBLIC_PAGE_LIMITS as L, PUBLIC_PAGE_MESSAGES as M, PUBLIC_PAGE_TEXTS as T, publicPagePath, type PublicPageStats, type Release } from '@portal/contracts';
import { APP_CONFIG, defaultPortalUrl, type AppConfig } from '../config/app-config';
import { DomainError } from '../common/domain-error';
import { MailService } from '../mail/mail.service';
import { SharedCounters } from '../redis/shared-counters';
import { ArtistsService } from '../releases/artists/artists.service';
import { ReleasesService } from '../releases/release-info/releases.service';
import { PresaveSubscriberEntity, PublicPageCountEntity, PublicPageEntity } from './public-page.entities';
import { StoreLinks, type LiveStoreLink } from './store-links';

const DAY_MS = 86_400_000;
/** How long a page's release facts and store links are reused before they are read again (ms). */
const FACTS_TTL_MS = 15_000;
/** Pages whose facts are kept in memory at most. */
const FACTS_MAX = 500;
/** Subscribers mailed per page per run of the release-day job (the next run takes the rest). */
const MAIL_BATCH = 500;

/** What the public page shows of a release (all of it public once the release is approved). */
export type PageFacts = {
  pageId: number;
  slug: string;
  releaseId: number;
  title: string;
  /** Primary artists, then featuring ones, as credited. */
  artists: string[];
  /** Release date, epoch ms (UTC midnight of the day). */
  releaseDate: number;
  /** The artwork's stored filename ('' without artwork). */
  artwork: string;
  links: LiveStoreLink[];
};

/** The outcome of a pre-save sign-up as the fan may learn it (never whether the address was known). */
export type SignupOutcome = 'check_inbox' | 'too_many' | 'closed';

/** A token's subscriber, when the token is genuine. */
type Holder = { subscriber: PresaveSubscriberEntity; facts: PageFacts };

/**
 * The public page of a release (issue 39 §4, docs/decisions/037): its slug, what it shows (release facts
 * from the releases module, live stores from the distribution module), its counts (visits and clicks
 * per store: no cookies, no client address stored) and the pre-save list (double opt-in, one purpose:
 * one mail with the links on release day; every mail has a link that unsubscribes and deletes the
 * address). Talks to other modules only through their exported services.
 */
@Injectable()
export class PublicPageService {
  private readonly logger = new Logger(PublicPageService.name);
  private readonly facts = new Map<number, { at: number; facts: PageFacts | null }>();
  private readonly linkKey: Buffer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(PublicPageEntity) private readonly pages: Repository<PublicPageEntity>,
    @InjectRepository(PresaveSubscriberEntity) private readonly subscribers: Repository<PresaveSubscriberEntity>,
    @InjectRepository(PublicPageCountEntity) private readonly counts: Repository<PublicPageCountEntity>,
    private readonly releases: ReleasesService,
    private readonly artists: ArtistsService,
    private readonly storeLinks: StoreLinks,
    private readonly mail: MailService,
    private readonly counters: SharedCounters,
  ) {
    // One key for the mailed links' tokens and the rate limit's client keys, derived from the server's secret.
    this.linkKey = createHmac('sha256', config.jwtSecret).update('public-page links v1').digest();
  }

  /** The portal's absolute URL of a path (PORTAL_URL, else http://localhost:<PORT>): the mails' and the page's og:url. */
  absolute(path: string): string {
    return `${defaultPortalUrl(this.config)}${path}`;
  }

  /**
   * GET /api/getPublicPage?release_id (the artist's card): the page's address and counts, the page made
   * on first ask. Errors: 404 another user's or an unknown release; 409 `not_approved` before approval
   * (and after a takedown).
   */
  async statsFor(userId: number, releaseId: number, now = Date.now()): Promise<PublicPageStats> {
    const release = await this.releases.read(userId, releaseId);
    if (release.status !== 'approved') throw DomainError.conflict(M.notApproved, 'not_approved');
    const page = await this.ensurePage(releaseId, release.release_title);
    const rows = await this.counts.find({ where: { page_id: page.id } });
    const clicks = rows
      .filter((r) => r.kind === 'click')
      .map((r) => ({ store: r.store, clicks: r.count }))
      .sort((a, b) => b.clicks - a.clicks || a.store.localeCompare(b.store));
    return {
      slug: page.slug,
      path: publicPagePath(page.slug),
      state: now < release.release_date ? 'presave' : 'live',
      visits: rows.find((r) => r.kind === 'visit')?.count ?? 0,
      clicks,
      presaves: rows.find((r) => r.kind === 'presave')?.count ?? 0,
    };
  }

  /** The page of release `releaseId`, made now when it has none (slug from `title`; a race with another maker answers its row). */
  async ensurePage(releaseId: number, title: string): Promise<PublicPageEntity> {
    const existing = await this.pages.findOne({ where: { release_id: releaseId } });
    if (existing) return existing;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return await this.pages.save(this.pages.create({ release_id: releaseId, slug: makeSlug(title), created_at: new Date() }));
      } catch (e) {
        const raced = await this.pages.findOne({ where: { release_id: releaseId } });
        if (raced) return raced;
        if (attempt === 2) throw e; // three slugs taken in a row: not a collision of random suffixes
      }
    }
    throw new Error('unreachable');
  }

  /**
   * What `/r/<slug>` shows, or null: unknown slug, or the release is not approved (never approved, or
   * taken down). Release facts and links are reused for FACTS_TTL_MS, so a burst of fans costs the
   * database one read per page.
   */
  async factsBySlug(slug: string): Promise<PageFacts | null> {
    if (!/^[a-z0-9-]{1,64}$/.test(slug)) return null;
    const page = await this.pages.findOne({ where: { slug } });
    return page ? this.factsOf(page) : null;
  }

  private async factsOf(page: PublicPageEntity): Promise<PageFacts | null> {
    const cached = this.facts.get(page.id);
    if (cached && Date.now() - cached.at < FACTS_TTL_MS) return cached.facts;
    const facts = await this.readFacts(page);
    if (this.facts.size >= FACTS_MAX) this.facts.delete(this.facts.keys().next().value!);
    this.facts.set(page.id, { at: Date.now(), facts });
    return facts;
  }

  private async readFacts(page: PublicPageEntity): Promise<PageFacts | null> {
    let owner: number;
    let release: Release;
    try {
      ({ user_id: owner, release } = await this.releases.readAny(page.release_id));
    } catch (e) {
      if (e instanceof DomainError && e.httpStatus === 404) return null;
      throw e;
    }
    if (release.status !== 'approved') return null;
    const primary = [release.primary_artist1, release.primary_artist2, release.primary_artist3];
    const featuring = [release.featuring1, release.featuring2, release.featuring3];
    const ids = [...primary, ...featuring].filter((id): id is number => typeof id === 'number' && id > 0);
    const names = await this.artists.names(owner, ids);
    return {
      pageId: page.id,
      slug: page.slug,
      releaseId: page.release_id,
      title: release.release_title,
      artists: ids.map((id) => names.get(id)).filter((n): n is string => !!n),
      releaseDate: release.release_date,
      artwork: release.album_artwork || '',
      links: await this.storeLinks.live(page.release_id),
    };
  }

  /** Count one visit of a page. Never throws (a count that fails is logged; the page is still served). */
  async countVisit(pageId: number): Promise<void> {
    await this.bump(pageId, 'visit', '');
  }

  /** Count one click on `store`'s button. Never throws. */
  async countClick(pageId: number, store: string): Promise<void> {
    await this.bump(pageId, 'click', store);
  }

  /** count + 1 of (page, kind, store): an update, else an insert, else (another request inserted it first) the update again. */
  private async bump(pageId: number, kind: PublicPageCountEntity['kind'], store: string): Promise<void> {
    try {
      const where = { page_id: pageId, kind, store };
      const updated = await this.counts.increment(where, 'count', 1);
      if (updated.affected) return;
      try {
        await this.counts.insert({ ...where, count: 1 });
      } catch {
        await this.counts.increment(where, 'count', 1);
      }
    } catch (e) {
      this.logger.warn({ msg: 'public page count failed', page_id: pageId, kind, err: (e as Error).message });
    }
  }

  /**
   * A fan's pre-save sign-up (POST /r/<slug>/presave): mails a confirmation link, at most once a day per
   * address and page; the address is kept as `pending` until confirmed (deleted after
   * PUBLIC_PAGE_LIMITS.unconfirmedDays). `clientAddress` (the request's IP) is only hashed into a
   * rate-limit key held PUBLIC_PAGE_LIMITS.signupWindowSeconds in the shared counters, never stored.
   * Answers the same for a new, a pending and a confirmed address (no one learns who is on a list);
   * `closed` once the release date has passed. Errors: 503 when Redis does not answer (REDIS_URL).
   */
  async signup(facts: PageFacts, email: string, clientAddress: string, now = Date.now()): Promise<SignupOutcome> {
    if (now >= facts.releaseDate) return 'closed';
    const { taken } = await this.counters.window(`presave:${this.mac(`client|${clientAddress}`).slice(0, 32)}`, L.signupWindowSeconds * 1000, L.signupsPerWindow);
    if (!taken) return 'too_many';
    const existing = await this.subscribers.findOne({ where: { page_id: facts.pageId, email } });
    if (existing && (existing.status === 'confirmed' || now - existing.created_at.getTime() < DAY_MS / L.confirmMailsPerDay)) return 'check_inbox';
    let row: PresaveSubscriberEntity;
    if (existing) {
      existing.salt = randomBytes(16).toString('hex');
      existing.created_at = new Date(now);
      row = await this.subscribers.save(existing);
    } else {
      try {
        row = await this.subscribers.save(this.subscribers.create({ page_id: facts.pageId, email, status: 'pending', salt: randomBytes(16).toString('hex'), created_at: new Date(now), confirmed_at: null, mailed_at: null }));
      } catch {
        return 'check_inbox'; // the same address signed up at the same moment: that request mails
      }
    }
    const token = this.token(row);
    await this.mail.send({
      to: email,
      subject: fillMessage(T.confirmMailSubject, { title: facts.title }),
      text: fillMessage(T.confirmMailText, {
        title: facts.title,
        artists: facts.artists.join(', '),
        date: formatDay(facts.releaseDate),
        confirmUrl: this.absolute(`${publicPagePath(facts.slug)}/confirm?t=${token}`),
        unsubscribeUrl: this.absolute(`${publicPagePath(facts.slug)}/unsubscribe?t=${token}`),
        days: L.unconfirmedDays,
      }),
      meta: { presave_confirm: token },
    });
    return 'check_inbox';
  }

  /** The subscriber of `token` on the page `slug` with the page's facts, or null (unknown, forged, deleted, or the page is gone). */
  async holder(slug: string, token: string): Promise<Holder | null> {
    const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return null;
    const subscriber = await this.subscribers.findOne({ where: { id: Number(m[1]) } });
    if (!subscriber) return null;
    const given = Buffer.from(m[2]!);
    const expected = Buffer.from(this.token(subscriber).split('.')[1]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const facts = await this.factsBySlug(slug);
    if (!facts || facts.pageId !== subscriber.page_id) return null;
    return { subscriber, facts };
  }

  /** Confirm the address of a pending sign-up (the button behind the mailed link; idempotent). Answers false when it is gone. */
  async confirm(holder: Holder): Promise<boolean> {
    const res = await this.subscribers.update({ id: holder.subscriber.id, status: 'pending' }, { status: 'confirmed', confirmed_at: new Date() });
    if (res.affected) await this.bump(holder.facts.pageId, 'presave', '');
    return !!(await this.subscribers.findOne({ where: { id: holder.subscriber.id } }));
  }

  /** Unsubscribe: the address is deleted (the "deletion on request" of every mail's link). Idempotent. */
  async unsubscribe(holder: Holder): Promise<void> {
    await this.subscribers.delete({ id: holder.subscriber.id });
  }

  /**
   * Delete an address from every pre-save list (an operator's answer to a deletion request that came by
   * mail: `npm run cli -- presave-forget <email>`). Answers how many sign-ups went.
   */
  async forget(email: string): Promise<number> {
    const res = await this.subscribers.delete({ email: email.trim().toLowerCase() });
    return res.affected ?? 0;
  }

  /**
   * The release-day job (PUBLIC_PAGE_RELEASE_DAY_JOB): for every page with confirmed addresses not yet
   * mailed whose release date has passed and that has a live store (or waited
   * PUBLIC_PAGE_LIMITS.waitForStoresDays for one), one mail per address with the store links, then the
   * address is deleted (its purpose is done). Each address is claimed with a conditional update first,
   * so two runs at once (two instances, a retry after a crash) mail it once; a failed send gives the
   * claim back for the next run. Also deletes pending sign-ups older than unconfirmedDays. Answers the counts.
   */
  async releaseDay(now = Date.now()): Promise<{ mailed: number; purged: number }> {
    const purged = (await this.subscribers.delete({ status: 'pending', created_at: LessThan(new Date(now - L.unconfirmedDays * DAY_MS)) })).affected ?? 0;
    // Mailed, but the delete after the send did not happen (a crash between them): the purpose is done.
    await this.subscribers.delete({ mailed_at: LessThan(new Date(now - 3_600_000)) });
    const waiting = await this.subscribers
      .createQueryBuilder('s')
      .select('DISTINCT s.page_id', 'page_id')
      .where('s.status = :status AND s.mailed_at IS NULL', { status: 'confirmed' })
      .getRawMany<{ page_id: number }>();
    let mailed = 0;
    const pages = waiting.length ? await this.pages.find({ where: { id: In(waiting.map((w) => Number(w.page_id))) } }) : [];
    for (const page of pages) {
      const facts = await this.readFacts(page);
      if (!facts || now < facts.releaseDate) continue;
      if (!facts.links.length && now < facts.releaseDate + L.waitForStoresDays * DAY_MS) continue;
      const due = await this.subscribers.find({ where: { page_id: page.id, status: 'confirmed', mailed_at: IsNull() }, order: { id: 'ASC' }, take: MAIL_BATCH });
      for (const s of due) {
        const claimed = await this.subscribers.update({ id: s.id, mailed_at: IsNull() }, { mailed_at: new Date(now) });
        if (!claimed.affected) continue; // another runner has it
        try {
          await this.mail.send(this.releaseMail(facts, s));
        } catch (e) {
          await this.subscribers.update({ id: s.id }, { mailed_at: null });
          this.logger.warn({ msg: 'release-day mail not queued: next run tries again', page_id: page.id, err: (e as Error).message });
          continue;
        }
        await this.subscribers.delete({ id: s.id, mailed_at: Not(IsNull()) });
        mailed++;
      }
    }
    if (mailed || purged) this.logger.log({ msg: 'pre-save release day', mailed, purged });
    return { mailed, purged };
  }

  private releaseMail(facts: PageFacts, s: PresaveSubscriberEntity) {
    const page = this.absolute(publicPagePath(facts.slug));
    const links = facts.links.length ? facts.links.map((l) => `${l.store}: ${this.absolute(`${publicPagePath(facts.slug)}/go/${encodeURIComponent(l.store)}`)}`).join('\n') : page;
    return {
      to: s.email,
      subject: fillMessage(T.releaseMailSubject, { title: facts.title }),
      text: fillMessage(T.releaseMailText, { title: facts.title, artists: facts.artists.join(', '), links, pageUrl: page, unsubscribeUrl: `${page}/unsubscribe?t=${this.token(s)}` }),
    };
  }

  /** `<id>.<HMAC of id, address and salt>`: the token of a subscriber's links (43 base64url characters of MAC). */
  private token(s: Pick<PresaveSubscriberEntity, 'id' | 'email' | 'salt' | 'page_id'>): string {
    return `${s.id}.${this.mac(`subscriber|${s.id}|${s.page_id}|${s.email}|${s.salt}`)}`;
  }

  private mac(text: string): string {
    return createHmac('sha256', this.linkKey).update(text).digest('base64url');
  }
}

/** A slug for `title`: its letters and digits in kebab case (at most 48 characters, 'release' when none) and 6 random characters. */
export function makeSlug(title: string): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48)
      .replace(/-+$/, '') || 'release';
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const suffix = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('');
  return `${base}-${suffix}`;
}

/** "12 December 2026" (UTC, English), the day a release comes out. */
export function formatDay(epochMs: number): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(epochMs));
}
