import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { numeric } from '../database/transformers';

/** An artist or label account (core §3 "User signup"). revenue_usd and conversion_rate feed the top bar. */
@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 100 }) name!: string;
  @Column({ type: 'varchar', length: 254, unique: true }) email!: string;
  @Column({ type: 'varchar', length: 20 }) phone!: string;
  @Column({ type: 'varchar', length: 500 }) address!: string;
  @Column({ type: 'varchar', length: 255 }) password_hash!: string;
  @Column({ type: 'varchar', length: 64, default: '' }) signup_ip!: string;
  @Column({ type: 'datetime', nullable: true }) email_verified_at!: Date | null;
  @Column({ type: 'integer', default: 0 }) revoked!: number;
  @Column({ type: 'decimal', precision: 14, scale: 2, default: 0, transformer: numeric }) revenue_usd!: number;
  @Column({ type: 'decimal', precision: 10, scale: 4, default: 83, transformer: numeric }) conversion_rate!: number;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
  @UpdateDateColumn({ type: 'datetime' }) updated_at!: Date;
}
