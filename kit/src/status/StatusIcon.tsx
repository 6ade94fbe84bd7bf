import styled from 'styled-components';
import { RELEASE_STATUS_LABEL, type ReleaseStatus } from '@portal/contracts';
import { theme } from '../theme/theme';

export type StatusIconProps = {
  status: ReleaseStatus;
  /** Also print the label beside the icon. */
  showLabel?: boolean;
  /** The tooltip and accessible name, when an area words its statuses differently (default: core §3's label). */
  label?: string;
};

const STATUS_COLOR: Record<ReleaseStatus, string> = {
  draft: theme.colors.neutral,
  in_review: theme.colors.warning,
  approved: theme.colors.success,
  rejected: '#e8590c',
  takendown: theme.colors.danger,
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

function Glyph({ status }: { status: ReleaseStatus }) {
  const common = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const };
  switch (status) {
    case 'approved':
      return <path d="m8 12.5 2.5 2.5L16 9.5" {...common} />;
    case 'rejected':
      return <path d="M9 9l6 6M15 9l-6 6" {...common} />;
    case 'takendown':
      return <path d="M7.5 16.5l9-9" {...common} />;
    case 'in_review':
      return <path d="M12 7.5V12l3 2" {...common} />;
    default:
      return <path d="M8.5 15.5 15 9l-2-2-6.5 6.5-.5 2.5 2.5-.5Z" {...common} />;
  }
}

/**
 * A release status as a coloured icon whose accessible name is its label (core §4: takendown in red).
 */
export function StatusIcon({ status, showLabel = false, label: labelOverride }: StatusIconProps) {
  const label = labelOverride ?? RELEASE_STATUS_LABEL[status] ?? String(status);
  const color = STATUS_COLOR[status] ?? theme.colors.neutral;
  return (
    <Wrap $color={color} title={label} data-status={status}>
      <svg width="20" height="20" viewBox="0 0 24 24" role="img" aria-label={label}>
        <title>{label}</title>
        <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.14" />
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <Glyph status={status} />
      </svg>
      {showLabel && <span aria-hidden="true">{label}</span>}
    </Wrap>
  );
}
