import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How many releases a user holds in one status (decision 011): written only by the database's
 * triggers on `releases` (migration CatalogAtScale1764500000000), in the same transaction as the
 * release's insert, delete or status change; read by the catalogue for its unfiltered and
 * status-filtered totals. Read-only for the application.
 */
@Entity('release_counts')
export class ReleaseCountEntity {
  @PrimaryColumn({ type: 'integer' }) user_id!: number;
  @PrimaryColumn({ type: 'varchar', length: 16 }) status!: string;
  @Column({ type: 'integer', default: 0 }) n!: number;
}
