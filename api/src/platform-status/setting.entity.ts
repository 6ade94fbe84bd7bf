import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A platform-wide setting (away/maintenance mode and its text). */
@Entity('settings')
export class SettingEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) key!: string;
  @Column({ type: 'text' }) value!: string;
}
