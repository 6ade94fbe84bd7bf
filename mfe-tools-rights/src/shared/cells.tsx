import styled from 'styled-components';
import { TOOLS_UI as UI } from '@portal/contracts';
import { SubmissionStatusIcon, formatDate, theme, type DataTableColumn } from '@portal/kit';

const StatusWrap = styled.span`
  display: inline-flex;
  flex-direction: column;
  gap: 2px;
  small { color: ${theme.colors.textMuted}; font-size: 12px; max-width: 220px; overflow-wrap: anywhere; }
`;

/** The status cell: icon with tooltip (areas §2) and, for a rejection, the operator's reason. */
export function StatusCell({ status, reason }: { status: string; reason: string }) {
  return (
    <StatusWrap>
      <SubmissionStatusIcon status={status} />
      {status === 'rejected' && reason && <small>{reason}</small>}
    </StatusWrap>
  );
}

/** A date cell in the spec's DD/MM/yyyy. */
export const dateCell = (epochMs: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(epochMs)}</span>;

/** A column whose cell is `text` linking to the row's address in a new tab, the address as its tooltip ("Click To Open", "Click Here"). */
export function newTabLinkColumn<T>(key: string, header: string, hrefOf: (row: T) => string, text: string): DataTableColumn<T> {
  return {
    key,
    header,
    render: (r) => (
      <a href={hrefOf(r)} target="_blank" rel="noopener noreferrer" title={hrefOf(r)}>
        {text}
      </a>
    ),
  };
}

const IconLink = styled.a`
  display: inline-flex;
  width: 30px;
  height: 30px;
  align-items: center;
  justify-content: center;
  border-radius: 50%;
  color: #fff;
  font-weight: 700;
  text-decoration: none;
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 2px; }
`;

/** A Facebook or Instagram link as a round icon opening in a new tab (areas §2 "link icons"). */
export function SocialIcon({ kind, href }: { kind: 'facebook' | 'instagram'; href: string }) {
  const label = kind === 'facebook' ? UI.openFacebook : UI.openInstagram;
  return (
    <IconLink
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      title={href}
      style={{ background: kind === 'facebook' ? '#1877f2' : 'linear-gradient(45deg,#f09433,#dc2743,#bc1888)' }}
    >
      {kind === 'facebook' ? 'f' : (
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
          <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="#fff" strokeWidth="2" />
          <circle cx="12" cy="12" r="4" fill="none" stroke="#fff" strokeWidth="2" />
          <circle cx="17.5" cy="6.5" r="1.2" fill="#fff" />
        </svg>
      )}
    </IconLink>
  );
}
