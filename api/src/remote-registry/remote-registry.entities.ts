import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** One deployed, immutable version of a remote (a folder of the static store). */
@Entity('remote_versions')
@Index('UQ_remote_versions_remote_version', ['remote', 'version'], { unique: true })
export class RemoteVersionEntity {
  @PrimaryGeneratedColumn() id!: number;
  /** Federation name, e.g. `mfe_releases`. */
  @Column({ type: 'varchar', length: 64 }) remote!: string;
  /** `<package version>-<build id>`, the store folder's name. */
  @Column({ type: 'varchar', length: 128 }) version!: string;
  /** URL of this version's mf-manifest.json, as the shell will fetch it. */
  @Column({ type: 'varchar', length: 1000 }) manifest_url!: string;
  /** JSON `{ package: version }` of the manifest's shared modules. */
  @Column({ type: 'text' }) shared!: string;
  @Column({ type: 'varchar', length: 64 }) commit!: string;
  @Column({ type: 'varchar', length: 64 }) build_id!: string;
  @Column({ type: 'varchar', length: 120 }) deployed_by!: string;
  @Column({ type: 'datetime' }) deployed_at!: Date;
  /** Set when the folder was removed from the store (beyond the kept versions); cannot be activated again. */
  @Column({ type: 'datetime', nullable: true }) pruned_at!: Date | null;
}

/** The live version of one remote: the row `/remotes.json` is built from. `revision` is the optimistic lock. */
@Entity('remote_live')
export class RemoteLiveEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) remote!: string;
  @Column({ type: 'varchar', length: 128 }) version!: string;
  @Column({ type: 'varchar', length: 1000 }) manifest_url!: string;
  @Column({ type: 'text' }) shared!: string;
  @Column({ type: 'varchar', length: 120 }) activated_by!: string;
  @Column({ type: 'datetime' }) activated_at!: Date;
  /** Incremented by every activation; an activation names the revision it read and loses if it moved. */
  @Column({ type: 'integer' }) revision!: number;
}

export type ActivationAction = 'deploy' | 'rollback' | 'activate';
export type ActivationOutcome = 'activated' | 'refused' | 'conflict';

/** Audit row of every activation attempt: who, when, from which version to which, and the outcome. */
@Entity('remote_activations')
export class RemoteActivationEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 64 }) remote!: string;
  @Column({ type: 'varchar', length: 16 }) action!: ActivationAction;
  @Column({ type: 'varchar', length: 128, nullable: true }) from_version!: string | null;
  @Column({ type: 'varchar', length: 128 }) to_version!: string;
  @Column({ type: 'varchar', length: 16 }) outcome!: ActivationOutcome;
  @Column({ type: 'varchar', length: 1000, nullable: true }) reason!: string | null;
  @Column({ type: 'varchar', length: 120 }) actor!: string;
  @Column({ type: 'datetime' }) created_at!: Date;
}
