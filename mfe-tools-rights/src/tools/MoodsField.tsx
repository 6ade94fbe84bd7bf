import { useId, useState } from 'react';
import styled from 'styled-components';
import { fillMessage, MOODS, TOOLS_UI as UI } from '@portal/contracts';
import { Dialog, Muted, Stack, theme } from '@portal/kit';
import { CancelSaveActions } from '../shared/dialog-parts';
import { ControlButton, FieldErrorText, FieldFrame } from '../shared/notices';
import { moodDisabled, toggleMood } from './moods';

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Chip = styled.button<{ $on: boolean }>`
  padding: 7px 14px;
  border-radius: ${theme.radii.pill};
  border: 1px solid ${({ $on }) => ($on ? theme.colors.accent : theme.colors.border)};
  background: ${({ $on }) => ($on ? theme.colors.accent : theme.colors.surface)};
  color: ${({ $on }) => ($on ? '#fff' : theme.colors.text)};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:disabled { opacity: 0.4; cursor: not-allowed; }
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 2px; }
`;

export type MoodsFieldProps = { value: readonly string[]; onChange(moods: string[]): void; error?: string };

/**
 * The Moods field (areas §2, §4, §9): a labelled button showing "{n} Moods selected" that opens the
 * "Select Moods" dialog of chips; at most 2, "None of these" alone, other chips disabled at the limit.
 */
export function MoodsField({ value, onChange, error }: MoodsFieldProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>([...value]);
  const id = useId();
  // Each opening (and a new value while open) starts from the field's value: state adjusted while
  // rendering, not in an effect.
  const [startedFrom, setStartedFrom] = useState({ open, value });
  if (startedFrom.open !== open || startedFrom.value !== value) {
    setStartedFrom({ open, value });
    if (open) setDraft([...value]);
  }
  const save = () => {
    onChange(draft);
    setOpen(false);
  };
  return (
    <FieldFrame>
      <label htmlFor={id}>
        {UI.moods}
        <span aria-hidden="true" style={{ color: theme.colors.danger, marginLeft: 2 }}>*</span>
      </label>
      <ControlButton id={id} type="button" $invalid={Boolean(error)} aria-invalid={error ? true : undefined} onClick={() => setOpen(true)}>
        {fillMessage(UI.moodsSelected, { n: value.length })}
        {value.length > 0 && <span style={{ color: theme.colors.textMuted }}> · {value.join(', ')}</span>}
      </ControlButton>
      {error && <FieldErrorText role="alert">{error}</FieldErrorText>}
      <Dialog
        open={open}
        title={UI.selectMoods}
        onClose={() => setOpen(false)}
        width={520}
        actions={<CancelSaveActions onCancel={() => setOpen(false)} onSave={save} />}
      >
        <Stack $gap={14}>
          <Muted>{UI.moodsHint}</Muted>
          <Chips role="group" aria-label={UI.moods}>
            {MOODS.map((mood) => (
              <Chip key={mood} type="button" $on={draft.includes(mood)} aria-pressed={draft.includes(mood)} disabled={moodDisabled(draft, mood)} onClick={() => setDraft((d) => toggleMood(d, mood))}>
                {mood}
              </Chip>
            ))}
          </Chips>
          <strong aria-live="polite">{fillMessage(UI.moodsSelected, { n: draft.length })}</strong>
        </Stack>
      </Dialog>
    </FieldFrame>
  );
}
