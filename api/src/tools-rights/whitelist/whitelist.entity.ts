import { Column, Entity } from 'typeorm';
import { SubmissionColumns } from '../shared/submission.columns';

/** A whitelist (allowlist) request (areas §3): platform, channel type, name and URL. */
@Entity('whitelist_requests')
export class WhitelistEntity extends SubmissionColumns {
  @Column({ type: 'varchar', length: 32 }) platform!: string;
  @Column({ type: 'varchar', length: 32 }) channel_type!: string;
  @Column({ type: 'varchar', length: 100 }) channel_name!: string;
  @Column({ type: 'varchar', length: 1000 }) url!: string;
}
