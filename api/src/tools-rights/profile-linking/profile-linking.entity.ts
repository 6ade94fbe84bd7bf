import { Column, Entity } from 'typeorm';
import { AudioSubmissionColumns } from '../shared/submission.columns';

/** A profile linking request (areas §3): the artist and the Facebook and Instagram links to attach. */
@Entity('profile_linking_requests')
export class ProfileLinkingEntity extends AudioSubmissionColumns {
  @Column({ type: 'varchar', length: 255 }) artist!: string;
  @Column({ type: 'varchar', length: 1000 }) facebook_link!: string;
  @Column({ type: 'varchar', length: 1000 }) instagram_link!: string;
}
