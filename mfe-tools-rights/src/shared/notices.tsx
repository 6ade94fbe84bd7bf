import type { ReactNode } from 'react';
import styled from 'styled-components';
import { linkLike, pill, theme } from '@portal/kit';

const Box = styled.p<{ $tone: 'danger' | 'info' | 'warning' }>`
  margin: 0;
  padding: 10px 12px;
  border-radius: ${theme.radii.sm};
  font-size: ${theme.font.size.sm};
  line-height: 1.5;
  color: ${({ $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.text)};
  background: ${({ $tone }) => ($tone === 'danger' ? theme.colors.dangerSoft : $tone === 'warning' ? theme.colors.warningSoft : theme.colors.accentSoft)};
  border-left: 3px solid ${({ $tone }) => ($tone === 'danger' ? theme.colors.danger : $tone === 'warning' ? theme.colors.warning : theme.colors.accent)};
`;

/** A one-paragraph notice: `danger` for the red notes of areas §2, `warning` for Beta, `info` for advice. */
export function Notice({ tone = 'info', children }: { tone?: 'danger' | 'info' | 'warning'; children: ReactNode }) {
  return <Box $tone={tone}>{children}</Box>;
}

/** A small pill ("Beta") beside a heading. */
export const Pill = styled.span`
  display: inline-block;
  margin-left: 8px;
  ${pill(theme.colors.warningSoft, theme.colors.warning)}
  font-weight: 700;
  vertical-align: middle;
`;

/** A button that looks like a link (counts, "View Pitch", "{n} URL"). */
export const LinkButton = styled.button`
  ${linkLike}
  text-align: left;
  white-space: nowrap;
  &:hover { text-decoration: underline; }
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 2px; border-radius: 2px; }
`;

/** The label-and-control frame of a field that is a button (URL list, moods), like the kit's fields. */
export const FieldFrame = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin-bottom: 16px;
  min-width: 0;
  label { font-size: ${theme.font.size.sm}; font-weight: 600; color: ${theme.colors.text}; }
`;

/** A button styled as a form control (opens a dialog). */
export const ControlButton = styled.button<{ $invalid?: boolean }>`
  min-height: 40px;
  padding: 8px 12px;
  border: 1px solid ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:hover { border-color: ${theme.colors.accent}; }
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 1px; }
`;

export const FieldErrorText = styled.span`
  color: ${theme.colors.danger};
  font-size: 12px;
`;
