import { createContext, type ReactNode, useContext, useId, useMemo } from 'react';
import styled from 'styled-components';
import { type Release, RELEASE_UI } from '@portal/contracts';

/** Field name (as in `RELEASE_REJECTION_REASONS[].field`) → the labels of the reasons naming it. */
export type FieldsToFix = ReadonlyMap<string, readonly string[]>;

const FieldsToFixContext = createContext<FieldsToFix>(new Map());

/**
 * The fields a rejected release's review asks to fix (docs/decisions/008), from `release.review_reasons`; empty
 * for any other status, so nothing is marked once the release is re-submitted.
 */
export function fieldsToFix(release: Pick<Release, 'status' | 'review_reasons'> | null | undefined): FieldsToFix {
  const map = new Map<string, string[]>();
  if (release?.status !== 'rejected') return map;
  for (const reason of release.review_reasons ?? []) {
    const labels = map.get(reason.field) ?? [];
    if (!labels.includes(reason.label)) labels.push(reason.label);
    map.set(reason.field, labels);
  }
  return map;
}

/** Gives the wizard's fields the review's fields to fix; see `FixMark`. */
export function FieldsToFixProvider({ value, children }: { value: FieldsToFix; children: ReactNode }) {
  return <FieldsToFixContext.Provider value={value}>{children}</FieldsToFixContext.Provider>;
}

/** The reason labels naming `fields` (any of them), in review order; empty when none is to fix. */
export function useFixReasons(...fields: string[]): string[] {
  const map = useContext(FieldsToFixContext);
  const key = fields.join('|');
  return useMemo(() => [...new Set(key.split('|').flatMap((f) => map.get(f) ?? []))], [map, key]);
}

const Marked = styled.div`
  border-left: 4px solid #c2410c;
  padding-left: 10px;
  border-radius: 2px;
`;

/** #9a3412 on white is 7.3:1 (WCAG AA). */
const FixNote = styled.p`
  margin: 6px 0 0;
  font-size: 13px;
  color: #9a3412;
  font-weight: 600;
`;

/**
 * Marks a wizard field that the release's rejection names (docs/decisions/008: "Edit & re-submit opens the
 * wizard on the step with those fields marked"): an orange bar beside it and, under it, "To fix:" and
 * the reasons' texts. Renders `children` unchanged when the field is not to fix. `field` may list
 * several names (e.g. a track's `audio_track` and `lyrics_language`).
 */
export function FixMark({ field, children, className }: { field: string | string[]; children: ReactNode; className?: string }) {
  const reasons = useFixReasons(...(Array.isArray(field) ? field : [field]));
  const noteId = useId();
  if (reasons.length === 0) return <>{children}</>;
  return (
    <Marked className={className} data-fix-field={Array.isArray(field) ? field.join(' ') : field} role="group" aria-describedby={noteId}>
      {children}
      <FixNote id={noteId}>
        {RELEASE_UI.wizard.fixThisField} {reasons.join(' ')}
      </FixNote>
    </Marked>
  );
}

/** Fields of a track (step 2) that a rejection may name. */
export const TRACK_FIX_FIELDS = ['audio_track', 'lyrics_language', 'composer1'];
