import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A solved ALTCHA challenge (id = challenge nonce): recorded once, spent once by a protected form. */
@Entity('captcha_passes')
export class CaptchaPassEntity {
  @PrimaryColumn({ type: 'varchar', length: 128 }) id!: string;
  @Column({ type: 'datetime' }) expires_at!: Date;
  @Column({ type: 'datetime', nullable: true }) used_at!: Date | null;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
}
