import styled from 'styled-components';
import { theme } from '@portal/kit';

/**
 * The visible part of a file input: a `<label htmlFor>` styled as a button, so the (visually hidden)
 * input keeps its accessible name and stays keyboard reachable; focus shows on the label.
 */
export const FileButton = styled.label`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 38px;
  padding: 8px 16px;
  border: 1px solid ${theme.colors.accent};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};
  color: ${theme.colors.accent};
  font-weight: 600;
  font-size: ${theme.font.size.md};
  cursor: pointer;
  white-space: nowrap;
  &:hover { background: ${theme.colors.accentSoft}; }
  input:focus-visible + & { outline: 2px solid ${theme.colors.focus}; outline-offset: 2px; }
  &[aria-disabled='true'] { opacity: 0.55; cursor: not-allowed; }
`;

const Track = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 160px;
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.textMuted};
`;

const Bar = styled.div`
  height: 6px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.border};
  overflow: hidden;
  > span { display: block; height: 100%; background: ${theme.colors.accent}; transition: width 0.2s ease; }
`;

/** Upload progress: a progressbar with its live percentage as text (core §2 Tab 2 "progress percentage"). */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <Track>
      <span aria-live="polite">{label}</span>
      <Bar role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span style={{ width: `${percent}%` }} />
      </Bar>
    </Track>
  );
}
