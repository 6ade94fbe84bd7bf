import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme, VisuallyHidden } from '@portal/kit';
import { RELEASE_UI } from '@portal/contracts';
import { STEPS, type StepNumber } from './wizard-steps';

export type WizardTabsProps = {
  active: StepNumber;
  isEnabled(step: StepNumber): boolean;
  isDone(step: StepNumber): boolean;
  onSelect(step: StepNumber): void;
  children: ReactNode;
};

const List = styled.div`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 8px;
  margin-bottom: 20px;
  @media (max-width: 640px) { grid-template-columns: repeat(2, minmax(0, 1fr)); }
`;

const Tab = styled.button<{ $active: boolean; $done: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  min-height: 48px;
  padding: 10px 14px;
  border: 1px solid ${({ $active }) => ($active ? theme.colors.accent : theme.colors.border)};
  border-radius: ${theme.radii.md};
  background: ${({ $active }) => ($active ? theme.colors.accent : theme.colors.surface)};
  color: ${({ $active }) => ($active ? '#fff' : theme.colors.text)};
  font-weight: 700;
  font-size: ${theme.font.size.md};
  text-align: left;
  cursor: pointer;
  box-shadow: ${({ $active }) => ($active ? theme.shadows.card : 'none')};
  transition: background 0.15s ease, border-color 0.15s ease;
  &:hover:not(:disabled) { border-color: ${theme.colors.accent}; }
  &:disabled { cursor: not-allowed; color: ${theme.colors.neutral}; background: ${theme.colors.surfaceMuted}; }
  &:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
`;

const Check = styled.span<{ $active: boolean }>`
  flex: none;
  width: 22px;
  height: 22px;
  border-radius: ${theme.radii.pill};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  background: ${({ $active }) => ($active ? '#fff' : theme.colors.success)};
  color: ${({ $active }) => ($active ? theme.colors.accent : '#fff')};
`;

const Panel = styled.div`
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 4px; border-radius: ${theme.radii.md}; }
`;

/**
 * The wizard's four tabs (core §2): role=tablist, later tabs disabled until the step before is
 * done, a check mark on done tabs. Arrow keys, Home and End move between enabled tabs; Enter or
 * Space opens one (manual activation: opening a tab loads data).
 */
export function WizardTabs({ active, isEnabled, isDone, onSelect, children }: WizardTabsProps) {
  const uid = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (step: StepNumber) => `${uid}-tab-${step}`;
  const panelId = `${uid}-panel`;
  const doneId = `${uid}-done`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = STEPS.filter(isEnabled);
    const current = refs.current.findIndex((el) => el === document.activeElement);
    const currentStep = (current + 1) as StepNumber;
    const pos = enabled.indexOf(currentStep);
    let target: StepNumber | undefined;
    if (event.key === 'ArrowRight') target = enabled[(pos + 1) % enabled.length];
    else if (event.key === 'ArrowLeft') target = enabled[(pos - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') target = enabled[0];
    else if (event.key === 'End') target = enabled[enabled.length - 1];
    if (target !== undefined) {
      event.preventDefault();
      refs.current[target - 1]?.focus();
    }
  };

  return (
    <>
      <VisuallyHidden id={doneId}>{RELEASE_UI.wizard.stepDone}</VisuallyHidden>
      <List role="tablist" aria-label={RELEASE_UI.wizard.stepsLabel} onKeyDown={onKeyDown}>
        {STEPS.map((step) => {
          const selected = step === active;
          const done = isDone(step);
          return (
            <Tab
              key={step}
              ref={(el) => {
                refs.current[step - 1] = el;
              }}
              type="button"
              role="tab"
              id={tabId(step)}
              aria-selected={selected}
              aria-controls={panelId}
              aria-describedby={done ? doneId : undefined}
              data-done={done || undefined}
              tabIndex={selected ? 0 : -1}
              disabled={!isEnabled(step)}
              $active={selected}
              $done={done}
              onClick={() => onSelect(step)}
            >
              <span>{RELEASE_UI.wizard.tabs[step - 1]}</span>
              {done && (
                <Check $active={selected} aria-hidden="true">
                  <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
                    <path d="m5 12.5 4.5 4.5L19 7.5" />
                  </svg>
                </Check>
              )}
            </Tab>
          );
        })}
      </List>
      <Panel role="tabpanel" id={panelId} aria-labelledby={tabId(active)} tabIndex={-1}>
        {children}
      </Panel>
    </>
  );
}
