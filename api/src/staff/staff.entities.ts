import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { numeric } from '../database/transformers';
import { sealed } from '../sealing/sealed-columns';

/** A role held by a staff member (docs/decisions/008); a user with no row is not staff. */
@Entity('staff_roles')
export class StaffRoleEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 16 }) role!: string;
  @Column({ type: 'datetime' }) created_at!: Date;
}

/**
 * A staff member's TOTP secret (base32, sealed at rest: docs/decisions/032); `confirmed_at` is set by the
 * first valid code.
 */
@Entity('staff_totp')
export class StaffTotpEntity {
  @PrimaryColumn({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 255, transformer: sealed() }) secret!: string;
  @Column({ type: 'datetime', nullable: true }) confirmed_at!: Date | null;
  /** The TOTP counter of the last accepted code: a code is accepted once. */
  @Column({ type: 'bigint', default: 0, transformer: numeric }) last_counter!: number;
}

/** A login session that passed the second factor. */
@Entity('staff_session_factors')
export class StaffSessionFactorEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) session_id!: string;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'datetime' }) verified_at!: Date;
}

/** The staff module's tables (names and migrations unchanged since they lived in ops/, decision 033). */
export const STAFF_ENTITIES = [StaffRoleEntity, StaffTotpEntity, StaffSessionFactorEntity];
