import styled from 'styled-components';
import { submissionStatusLabel } from '@portal/contracts';
import { theme } from '../theme/theme';

export type SubmissionStatusIconProps = {
  /** Stored status of a tools or rights submission: in_review, rejected, anything else approved (areas §4). */
  status: string;
  showLabel?: boolean;
};

const Wrap = styled.span<{ $color: string }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  color: ${({ $color }) => $color};
  font-weight: 600;
  font-size: ${theme.font.size.sm};
  svg { flex: none; }
`;

/**
 * The status of a tools or rights submission as an icon with a tooltip and accessible name
 * (areas §2 "Both"): in_review "In Review" (amber clock), rejected "Rejected" (red cross), anything
 * else "Approved" (green tick). The release StatusIcon says "In-Review" (core §3), hence this one.
 */
export function SubmissionStatusIcon({ status, showLabel = false }: SubmissionStatusIconProps) {
  const label = submissionStatusLabel(status);
  const kind = status === 'in_review' ? 'in_review' : status === 'rejected' ? 'rejected' : 'approved';
  const color = kind === 'in_review' ? theme.colors.warning : kind === 'rejected' ? theme.colors.danger : theme.colors.success;
  const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const };
  return (
    <Wrap $color={color} title={label} data-status={kind}>
      <svg width="20" height="20" viewBox="0 0 24 24" role="img" aria-label={label}>
        <title>{label}</title>
        <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.14" />
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.5" />
        {kind === 'approved' && <path d="m8 12.5 2.5 2.5L16 9.5" {...stroke} />}
        {kind === 'rejected' && <path d="M9 9l6 6M15 9l-6 6" {...stroke} />}
        {kind === 'in_review' && <path d="M12 7.5V12l3 2" {...stroke} />}
      </svg>
      {showLabel && <span aria-hidden="true">{label}</span>}
    </Wrap>
  );
}
