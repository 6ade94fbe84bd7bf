import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One staff action (console or CLI): who, when, what, the object, before and after (JSON). */
@Entity('ops_audit')
export class OpsAuditEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer', nullable: true }) actor_user_id!: number | null;
  @Column({ type: 'varchar', length: 254 }) actor_email!: string;
  @Column({ type: 'varchar', length: 64 }) action!: string;
  @Column({ type: 'varchar', length: 32 }) object_type!: string;
  @Column({ type: 'varchar', length: 32 }) object_id!: string;
  @Column({ type: 'text', nullable: true }) before_json!: string | null;
  @Column({ type: 'text', nullable: true }) after_json!: string | null;
  @Column({ type: 'datetime' }) created_at!: Date;
}
