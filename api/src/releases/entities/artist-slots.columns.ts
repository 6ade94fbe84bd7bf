import { Column } from 'typeorm';

/**
 * The six artist slots a release and a track both carry (core §3: primary_artist1..3, featuring1..3),
 * ids of the owner's artists or null. Entities extend this class to inherit the columns.
 */
export abstract class ArtistSlotColumns {
  @Column({ type: 'integer', nullable: true }) primary_artist1!: number | null;
  @Column({ type: 'integer', nullable: true }) primary_artist2!: number | null;
  @Column({ type: 'integer', nullable: true }) primary_artist3!: number | null;
  @Column({ type: 'integer', nullable: true }) featuring1!: number | null;
  @Column({ type: 'integer', nullable: true }) featuring2!: number | null;
  @Column({ type: 'integer', nullable: true }) featuring3!: number | null;
}
