import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A message for one user's bell (core §3: notification text, created_at). */
@Entity('notifications')
export class NotificationEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 1000 }) notification!: string;
  /** The in-app page it opens (`/catalog/12`, `/tickets/3`, `/profile`), or null (docs/decisions/017). */
  @Column({ type: 'varchar', length: 200, nullable: true }) link!: string | null;
  @Column({ type: 'datetime', nullable: true }) seen_at!: Date | null;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
}
