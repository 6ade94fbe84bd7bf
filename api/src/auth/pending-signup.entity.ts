import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One sign-up attempt of an e-mail that has no verified account yet (docs/decisions/026, account pre-hijacking):
 * each attempt keeps its own details and its own code, and verifying a code creates the account with
 * exactly that attempt's details and ends the others. `token_hash` is the SHA-256 of the attempt's
 * `signup_token`, which only the browser that made the attempt (or knows its password) holds.
 */
@Entity('pending_signups')
export class PendingSignupEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 254 }) email!: string;
  @Column({ type: 'varchar', length: 100 }) name!: string;
  @Column({ type: 'varchar', length: 20 }) phone!: string;
  @Column({ type: 'varchar', length: 500 }) address!: string;
  @Column({ type: 'varchar', length: 255 }) password_hash!: string;
  @Column({ type: 'varchar', length: 64, default: '' }) signup_ip!: string;
  @Column({ type: 'varchar', length: 64 }) token_hash!: string;
  @Column({ type: 'varchar', length: 64 }) code_hash!: string;
  @Column({ type: 'datetime' }) code_expires_at!: Date;
  @Column({ type: 'datetime' }) code_sent_at!: Date;
  @Column({ type: 'integer', default: 0 }) code_attempts!: number;
  @Column({ type: 'datetime' }) expires_at!: Date;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
}
