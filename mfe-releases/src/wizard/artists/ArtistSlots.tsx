import { useEffect, useId, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, SelectField, notify } from '@portal/kit';
import { RELEASE_MESSAGES, RELEASE_UI, type Artist, type ArtistType } from '@portal/contracts';
import { t } from '../../shared/text';
import { useArtists } from './use-artists';
import { AddArtistDialog } from './AddArtistDialog';
import { checkNewSlot, checkSelection, keysFor, removeSlot, type ArtistValues } from './artist-rules';
import { SlotRow } from '../SlotRow';

export type ArtistSlotsProps = {
  type: ArtistType;
  /** Every artist slot of the form (both types): the rules count primary and featuring together. */
  values: ArtistValues;
  onChange(patch: ArtistValues): void;
  /** Error per slot key. */
  errors?: Partial<Record<string, string>>;
};

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 8px;
  margin: -8px 0 12px;
`;

/**
 * Artist pickers of one type (core §2 Tab 1 and track fields): up to 3 primary or 2 featuring
 * selects, filled from GET getArtist, with an add-new dialog. Picking a duplicate or going over a
 * limit shows the spec's message and changes nothing (core §5 "Artist rules").
 */
export function ArtistSlots({ type, values, onChange, errors = {} }: ArtistSlotsProps) {
  const keys = keysFor(type);
  const { artists, loading } = useArtists(type);
  const filledCount = keys.filter((k) => values[k]).length;
  const [visible, setVisible] = useState(Math.max(1, filledCount));
  const [dialogOpen, setDialogOpen] = useState(false);
  const uid = useId();
  const selectRefs = useRef<Array<HTMLSelectElement | null>>([]);
  const pendingFocus = useRef<number | null>(null);
  const shown = Math.min(keys.length, Math.max(visible, filledCount, 1));

  useEffect(() => {
    if (pendingFocus.current !== null) {
      selectRefs.current[pendingFocus.current]?.focus();
      pendingFocus.current = null;
    }
  });

  const options = useMemo(
    () => (artists ?? []).map((a: Artist) => ({ value: String(a.artist_id), label: a.artist_name })),
    [artists],
  );

  // Keep a selected id visible even if the list has not loaded or no longer holds it.
  const optionsFor = (key: string) => {
    const current = values[key];
    if (!current || options.some((o) => o.value === current)) return options;
    return [...options, { value: current, label: `#${current}` }];
  };

  const select = (key: string, artistId: string) => {
    const message = checkSelection(values, key, artistId);
    if (message) {
      notify.error(message);
      return false;
    }
    onChange({ [key]: artistId });
    return true;
  };

  const addSlot = () => {
    const emptyIndex = keys.slice(0, shown).findIndex((k) => !values[k]);
    if (emptyIndex >= 0) {
      selectRefs.current[emptyIndex]?.focus();
      return;
    }
    const message = shown >= keys.length ? RELEASE_MESSAGES.artistLimit : checkNewSlot(values, type);
    if (message) {
      notify.error(message);
      return;
    }
    pendingFocus.current = shown;
    setVisible(shown + 1);
  };

  const remove = (index: number) => {
    onChange(removeSlot(values, keys, index));
    setVisible(Math.max(1, shown - 1));
  };

  const onAdded = (artist: Artist) => {
    const id = String(artist.artist_id);
    let index = keys.slice(0, shown).findIndex((k) => !values[k]);
    if (index < 0) {
      const message = shown >= keys.length ? RELEASE_MESSAGES.artistLimit : checkNewSlot(values, type);
      if (message) return; // Added to the list; the user can pick it once a slot is free.
      index = shown;
      setVisible(shown + 1);
    }
    select(keys[index], id);
  };

  const label = (n: number) => t(type === 'primary' ? RELEASE_UI.info.primaryArtist : RELEASE_UI.info.featuringArtist, { n });
  const removeLabel = (n: number) =>
    t(type === 'primary' ? RELEASE_UI.info.removePrimarySlot : RELEASE_UI.info.removeFeaturingSlot, { n });

  return (
    <div>
      {keys.slice(0, shown).map((key, index) => (
        <SlotRow key={key} removeLabel={removeLabel(index + 1)} onRemove={index > 0 ? () => remove(index) : undefined}>
          <SelectField
            ref={(el) => {
              selectRefs.current[index] = el;
            }}
            id={`${uid}-${key}`}
            label={label(index + 1)}
            name={key}
            required={type === 'primary' && index === 0}
            placeholder={type === 'primary' && index === 0 ? RELEASE_UI.info.chooseArtist : RELEASE_UI.info.noArtist}
            options={optionsFor(key)}
            value={values[key] ?? ''}
            error={errors[key]}
            aria-busy={loading || undefined}
            onChange={(e) => {
              if (!select(key, e.target.value)) e.target.value = values[key] ?? '';
            }}
          />
        </SlotRow>
      ))}
      <Tools>
        <Button type="button" variant="text" onClick={addSlot}>
          <span aria-hidden="true">+</span>
          {type === 'primary' ? RELEASE_UI.info.addPrimarySlot : RELEASE_UI.info.addFeaturingSlot}
        </Button>
        <Button type="button" variant="text" onClick={() => setDialogOpen(true)}>
          {type === 'primary' ? RELEASE_UI.info.newPrimaryArtist : RELEASE_UI.info.newFeaturingArtist}
        </Button>
      </Tools>
      <AddArtistDialog type={type} open={dialogOpen} onClose={() => setDialogOpen(false)} onAdded={onAdded} />
    </div>
  );
}
