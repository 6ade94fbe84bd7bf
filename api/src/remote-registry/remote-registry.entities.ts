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
  /** Marked bad by an operator or by the automatic rollback (docs/decisions/021): never activated again without force. */
  @Column({ type: 'datetime', nullable: true }) bad_at!: Date | null;
  @Column({ type: 'varchar', length: 120, nullable: true }) bad_by!: string | null;
  @Column({ type: 'varchar', length: 1000, nullable: true }) bad_reason!: string | null;
  /** When this version was last live (set when it becomes live and when it stops being live): pruning keeps the recent ones. */
  @Column({ type: 'datetime', nullable: true }) last_live_at!: Date | null;
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
  /** A version served to `canary_percent` % of browsers (sticky per browser) besides the live one; null without a canary. */
  @Column({ type: 'varchar', length: 128, nullable: true }) canary_version!: string | null;
  @Column({ type: 'varchar', length: 1000, nullable: true }) canary_manifest_url!: string | null;
  @Column({ type: 'integer', nullable: true }) canary_percent!: number | null;
  @Column({ type: 'datetime', nullable: true }) canary_since!: Date | null;
}

/** A deploy in progress (docs/decisions/021): one per remote; a second deploy fails naming this one until it ends or expires. */
@Entity('remote_deploy_claims')
export class RemoteDeployClaimEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) remote!: string;
  @Column({ type: 'varchar', length: 128 }) version!: string;
  @Column({ type: 'varchar', length: 120 }) actor!: string;
  @Column({ type: 'datetime' }) claimed_at!: Date;
  @Column({ type: 'datetime' }) expires_at!: Date;
}

/** A deploy token scoped to one remote (docs/decisions/021): only its sha256 is stored; the token is shown once. */
@Entity('remote_deploy_tokens')
export class RemoteDeployTokenEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 64 }) remote!: string;
  @Column({ type: 'varchar', length: 120 }) name!: string;
  @Column({ type: 'varchar', length: 64 }) token_hash!: string;
  @Column({ type: 'varchar', length: 120 }) created_by!: string;
  @Column({ type: 'datetime' }) created_at!: Date;
  @Column({ type: 'datetime', nullable: true }) revoked_at!: Date | null;
  @Column({ type: 'datetime', nullable: true }) last_used_at!: Date | null;
}

/**
 * One browser's report of a load of a remote version by the shell's beacon, `ok`, `load_error` or
 * `render_error`, carrying a load token the server issued (docs/decisions/029). One row per browser,
 * version and outcome (unique): a replayed report adds nothing.
 */
@Entity('remote_load_reports')
@Index('UQ_remote_load_reports_once', ['remote', 'version', 'browser', 'outcome'], { unique: true })
export class RemoteLoadReportEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 64 }) remote!: string;
  @Column({ type: 'varchar', length: 128 }) version!: string;
  /** A hash of the browser id the load token was issued to (load-tokens.ts `browserKey`), never the id itself. */
  @Column({ type: 'varchar', length: 32 }) browser!: string;
  @Column({ type: 'varchar', length: 16 }) outcome!: string;
  @Column({ type: 'datetime' }) created_at!: Date;
}

export type ActivationAction = 'deploy' | 'rollback' | 'activate' | 'mark-bad' | 'canary' | 'auto-rollback';
export type ActivationOutcome = 'activated' | 'refused' | 'conflict' | 'marked';

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
