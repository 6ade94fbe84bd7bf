import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, TextField, notify, theme } from '@portal/kit';
import { RELEASE_LIMITS, RELEASE_MESSAGES, RELEASE_UI } from '@portal/contracts';
import { t } from '../../shared/text';

type Kind = 'author' | 'composer';

export type CreditNamesProps = {
  kind: Kind;
  /** The three slots (author1..3 or composer1..3). */
  values: [string, string, string];
  onChange(index: number, value: string): void;
  /** Replaces all three slots at once (removal moves later names up). */
  onReplace(values: [string, string, string]): void;
  onBlur?(): void;
  error?: string;
};

const Slot = styled.div`
  display: flex;
  align-items: flex-end;
  gap: 8px;
  > :first-child { flex: 1; min-width: 0; }
`;

const RemoveButton = styled.button`
  flex: none;
  width: 38px;
  height: 38px;
  margin-bottom: 16px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};
  color: ${theme.colors.textMuted};
  cursor: pointer;
  &:hover { color: ${theme.colors.danger}; border-color: ${theme.colors.danger}; }
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 1px; }
`;

const TEXT = {
  author: {
    label: RELEASE_UI.track.author,
    add: RELEASE_UI.track.addAuthor,
    remove: RELEASE_UI.track.removeAuthor,
    duplicate: RELEASE_MESSAGES.authorAlreadyAdded,
    limit: RELEASE_MESSAGES.authorLimit,
    max: RELEASE_LIMITS.maxAuthors,
  },
  composer: {
    label: RELEASE_UI.track.composer,
    add: RELEASE_UI.track.addComposer,
    remove: RELEASE_UI.track.removeComposer,
    duplicate: RELEASE_MESSAGES.composerAlreadyAdded,
    limit: RELEASE_MESSAGES.composerLimit,
    max: RELEASE_LIMITS.maxComposers,
  },
} as const;

/**
 * Authors or composers of a track (core §5): the first is required and cannot be removed, up to 3,
 * no duplicates (case-insensitive). A duplicate is cleared with "This author is already added.";
 * a fourth gives "Can't add more author." (composer texts alike).
 */
export function CreditNames({ kind, values, onChange, onReplace, onBlur, error }: CreditNamesProps) {
  const text = TEXT[kind];
  const uid = useId();
  const filled = values.filter((v) => v.trim() !== '').length;
  const lastFilled = values.reduce((last, v, i) => (v.trim() ? i + 1 : last), 0);
  const [visible, setVisible] = useState(Math.max(1, lastFilled));
  const shown = Math.min(text.max, Math.max(visible, lastFilled, 1));
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const focusIndex = useRef<number | null>(null);

  useEffect(() => {
    if (focusIndex.current !== null) {
      refs.current[focusIndex.current]?.focus();
      focusIndex.current = null;
    }
  });

  const checkDuplicate = (index: number) => {
    const name = values[index].trim().toLowerCase();
    if (!name) return;
    if (values.some((other, i) => i !== index && other.trim().toLowerCase() === name)) {
      notify.error(text.duplicate);
      onChange(index, '');
    }
  };

  const add = () => {
    if (shown >= text.max || filled >= text.max) {
      notify.error(text.limit);
      return;
    }
    const empty = values.slice(0, shown).findIndex((v) => v.trim() === '');
    if (empty >= 0) {
      refs.current[empty]?.focus();
      return;
    }
    focusIndex.current = shown;
    setVisible(shown + 1);
  };

  const remove = (index: number) => {
    const next = [...values.slice(0, index), ...values.slice(index + 1), ''] as [string, string, string];
    onReplace(next);
    setVisible(Math.max(1, shown - 1));
  };

  return (
    <div>
      {values.slice(0, shown).map((value, index) => (
        <Slot key={index}>
          <TextField
            ref={(el) => {
              refs.current[index] = el;
            }}
            id={`${uid}-${kind}${index + 1}`}
            label={t(text.label, { n: index + 1 })}
            name={`${kind}${index + 1}`}
            required={index === 0}
            maxLength={255}
            autoComplete="off"
            value={value}
            error={index === 0 ? error : undefined}
            onChange={(e) => onChange(index, e.target.value)}
            onBlur={() => {
              checkDuplicate(index);
              onBlur?.();
            }}
          />
          {index > 0 && (
            <RemoveButton type="button" aria-label={t(text.remove, { n: index + 1 })} title={t(text.remove, { n: index + 1 })} onClick={() => remove(index)}>
              <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </RemoveButton>
          )}
        </Slot>
      ))}
      <Button type="button" variant="text" onClick={add} style={{ marginTop: -8, marginBottom: 12 }}>
        <span aria-hidden="true">+</span>
        {text.add}
      </Button>
    </div>
  );
}
