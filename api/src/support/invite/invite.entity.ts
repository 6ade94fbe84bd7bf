import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An invite sent by a user (areas §3 Invite: email, name); counted for the daily limit. */
@Entity('invites')
export class InviteEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 254 }) email!: string;
  @Column({ type: 'varchar', length: 100 }) name!: string;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
}
