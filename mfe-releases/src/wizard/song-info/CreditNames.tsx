import { useEffect, useId, useRef, useState } from 'react';
import { Button, TextField, notify } from '@portal/kit';
import { RELEASE_LIMITS, RELEASE_MESSAGES, RELEASE_UI } from '@portal/contracts';
import { t } from '../../shared/text';
import { SlotRow } from '../SlotRow';

type Kind = 'author' | 'composer';

export type CreditNamesProps = {
  kind: Kind;
  /** The three slots (author1..3 or composer1..3). */
  values: [string, string, string];
  onChange(index: number, value: string): void;
  /** Replaces all three slots at once (removal moves later names up). */
  onReplace(values: [string, string, string]): void;
  /** A slot lost focus; `values`: the three slots after the blur (a duplicate it found is already cleared). */
  onBlur?(values: [string, string, string]): void;
  error?: string;
};

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
  // The duplicate and limit messages also stay next to the field they are about (docs/decisions/017).
  const [notice, setNotice] = useState<{ index: number; message: string } | null>(null);

  useEffect(() => {
    if (focusIndex.current !== null) {
      refs.current[focusIndex.current]?.focus();
      focusIndex.current = null;
    }
  });

  /** Clears slot `index` when it repeats another name (case-insensitive); returns the slots after that. */
  const checkDuplicate = (index: number): [string, string, string] => {
    const name = values[index].trim().toLowerCase();
    if (!name || !values.some((other, i) => i !== index && other.trim().toLowerCase() === name)) return values;
    notify.error(text.duplicate);
    setNotice({ index, message: text.duplicate });
    onChange(index, '');
    return values.map((v, i) => (i === index ? '' : v)) as [string, string, string];
  };

  const add = () => {
    if (shown >= text.max || filled >= text.max) {
      notify.error(text.limit);
      setNotice({ index: shown - 1, message: text.limit });
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
        <SlotRow key={index} removeLabel={t(text.remove, { n: index + 1 })} onRemove={index > 0 ? () => remove(index) : undefined}>
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
            error={notice?.index === index ? notice.message : index === 0 ? error : undefined}
            onChange={(e) => {
              if (notice?.index === index) setNotice(null);
              onChange(index, e.target.value);
            }}
            onBlur={() => onBlur?.(checkDuplicate(index))}
          />
        </SlotRow>
      ))}
      <Button type="button" variant="text" onClick={add} style={{ marginTop: -8, marginBottom: 12 }}>
        <span aria-hidden="true">+</span>
        {text.add}
      </Button>
    </div>
  );
}
