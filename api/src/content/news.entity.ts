import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A dashboard news item (areas §3 News item), added by an operator. */
@Entity('news')
export class NewsEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 255 }) news_heading!: string;
  @Column({ type: 'varchar', length: 1000 }) news_link!: string;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
}
