import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A platform of the Platform tab (core §3 Platform/logo), synced at boot from PLATFORM_LOGOS. `logo` is a file under /api/static/logos/. */
@Entity('platform_logos')
export class PlatformLogoEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 100 }) name!: string;
  @Column({ type: 'varchar', length: 100 }) logo!: string;
  @Column({ type: 'varchar', length: 2 }) type!: '1' | '2' | '3';
  @Column({ type: 'integer', default: 0 }) sort_order!: number;
}
