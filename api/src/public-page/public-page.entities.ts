import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The public page of one approved release (issue 39 §4, docs/decisions/037): its slug, `/r/<slug>`.
 * Made the first time the artist's card asks for it (or the release-day job needs it); one per release.
 */
@Entity('public_pages')
export class PublicPageEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) release_id!: number;
  @Column({ type: 'varchar', length: 64 }) slug!: string;
  @Column({ type: 'datetime' }) created_at!: Date;
}

/**
 * One e-mail address on a page's pre-save list (double opt-in): `pending` until the link of the
 * confirmation mail is used, then `confirmed`. The mailed links' token is not stored (an HMAC under
 * the server's secret, so a copy of the table opens nothing). The row is deleted on unsubscribe, after the release-day mail, and
 * when a pending sign-up is older than PUBLIC_PAGE_LIMITS.unconfirmedDays. `mailed_at` claims the
 * release-day mail (one runner wins the conditional update).
 */
@Entity('presave_subscribers')
export class PresaveSubscriberEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) page_id!: number;
  @Column({ type: 'varchar', length: 254 }) email!: string;
  @Column({ type: 'varchar', length: 16 }) status!: 'pending' | 'confirmed';
  /** Random per row; the links' token is an HMAC of id, address and salt under the server's secret (never stored). */
  @Column({ type: 'varchar', length: 32 }) salt!: string;
  @Column({ type: 'datetime' }) created_at!: Date;
  @Column({ type: 'datetime', nullable: true }) confirmed_at!: Date | null;
  @Column({ type: 'datetime', nullable: true }) mailed_at!: Date | null;
}

/**
 * A page's counts: `visit` (store ''), `click` per store, `presave` (confirmed addresses, store '').
 * Counted without cookies and without any client address (docs/decisions/037).
 */
@Entity('public_page_counts')
export class PublicPageCountEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) page_id!: number;
  @Column({ type: 'varchar', length: 16 }) kind!: 'visit' | 'click' | 'presave';
  @Column({ type: 'varchar', length: 64 }) store!: string;
  @Column({ type: 'integer' }) count!: number;
}

export const PUBLIC_PAGE_ENTITIES = [PublicPageEntity, PresaveSubscriberEntity, PublicPageCountEntity];
