import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A server-side session behind a JWT (its `jti`). `reset` sessions only open ChangeUserPassword. */
@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 16 }) kind!: 'login' | 'reset';
  @Column({ type: 'datetime' }) expires_at!: Date;
  @Column({ type: 'datetime', nullable: true }) revoked_at!: Date | null;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
}
