import styled from 'styled-components';
import { type Release, RELEASE_UI } from '@portal/contracts';
import { linkLike, theme } from '@portal/kit';

/**
 * The reviewer's note of a rejected release, pinned above the tabs on every step until the release is
 * submitted again (docs/decisions/017): the note, then the fields the review names grouped by step
 * (each step a link to its tab). Renders nothing for any other status or a rejection without a note
 * or reasons.
 */
export function ReviewNote({ release, onStep }: { release: Pick<Release, 'status' | 'reason' | 'review_reasons'> | null; onStep(step: 1 | 2 | 3 | 4): void }) {
  if (release?.status !== 'rejected') return null;
  const reasons = release.review_reasons ?? [];
  const note = (release.reason ?? '').trim();
  if (!note && reasons.length === 0) return null;
  const steps = [...new Set(reasons.map((r) => r.step))].sort((a, b) => a - b) as Array<1 | 2 | 3 | 4>;
  return (
    <Pinned role="region" aria-labelledby="review-note-title" data-testid="wizard-review-note">
      <h2 id="review-note-title">{RELEASE_UI.wizard.reviewNoteTitle}</h2>
      {note && (
        <p>
          <strong>{RELEASE_UI.wizard.reviewNoteLabel}</strong> {note}
        </p>
      )}
      {steps.length > 0 && (
        <>
          <p>
            <strong>{RELEASE_UI.wizard.reviewNoteFields}</strong>
          </p>
          <ul>
            {steps.map((step) => (
              <li key={step}>
                <StepLink type="button" onClick={() => onStep(step)}>
                  {RELEASE_UI.wizard.tabs[step - 1]}
                </StepLink>
                : {[...new Set(reasons.filter((r) => r.step === step).map((r) => `${r.field_label} (${r.label})`))].join('; ')}
              </li>
            ))}
          </ul>
        </>
      )}
      <Until>{RELEASE_UI.wizard.reviewNoteUntil}</Until>
    </Pinned>
  );
}

const Pinned = styled.section`
  margin: 0 0 16px;
  padding: 14px 16px;
  border: 1px solid #fdba74;
  border-left: 4px solid #c2410c;
  border-radius: ${theme.radii.md};
  background: #fff7ed;
  color: ${theme.colors.text};
  overflow-wrap: anywhere;
  h2 { margin: 0 0 6px; font-size: ${theme.font.size.md}; color: #9a3412; }
  p { margin: 0 0 6px; }
  ul { margin: 0 0 6px; padding-left: 20px; }
`;

const StepLink = styled.button`
  ${linkLike}
  text-decoration: underline;
`;

const Until = styled.p`
  font-size: ${theme.font.size.sm};
  color: #9a3412;
`;
