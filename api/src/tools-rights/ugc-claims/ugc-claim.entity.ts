import { Column, Entity } from 'typeorm';
import { AudioSubmissionColumns, jsonList } from '../shared/submission.columns';

/** A UGC claim (areas §3): platform, policy and the normalised video links (JSON text). */
@Entity('ugc_claims')
export class UgcClaimEntity extends AudioSubmissionColumns {
  @Column({ type: 'varchar', length: 32 }) platform!: string;
  @Column({ type: 'varchar', length: 32 }) policy!: string;
  @Column({ type: 'text', transformer: jsonList }) url!: string[];
}
