import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A one-time code, stored as an HMAC, never in clear (DESIGN "Mail, captcha, identity"). */
@Entity('otps')
export class OtpEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 16 }) purpose!: 'verification' | 'forgot';
  @Column({ type: 'varchar', length: 64 }) code_hash!: string;
  @Column({ type: 'datetime' }) expires_at!: Date;
  @Column({ type: 'integer', default: 0 }) attempts!: number;
  @Column({ type: 'datetime', nullable: true }) consumed_at!: Date | null;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
}
