import { submissionStatusLabel } from '@portal/contracts';
import { StatusIcon } from '../status/StatusIcon';

export type SubmissionStatusIconProps = {
  /** Stored status of a tools or rights submission: in_review, rejected, anything else approved (areas §4). */
  status: string;
  showLabel?: boolean;
};

/**
 * The status of a tools or rights submission as an icon with a tooltip and accessible name
 * (areas §2 "Both"): "In Review" (clock), "Rejected" (cross), anything else "Approved" (tick). The
 * release StatusIcon's glyphs, with the areas' wording ("In Review", where core §3 says "In-Review").
 */
export function SubmissionStatusIcon({ status, showLabel = false }: SubmissionStatusIconProps) {
  const kind = status === 'in_review' ? 'in_review' : status === 'rejected' ? 'rejected' : 'approved';
  return <StatusIcon status={kind} showLabel={showLabel} label={submissionStatusLabel(status)} />;
}
