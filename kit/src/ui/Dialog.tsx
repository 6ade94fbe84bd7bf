import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import { theme } from '../theme/theme';
import { TOAST_BOTTOM_VAR } from '../toast/PortalToaster';
import { Bar } from './layout';

export type DialogProps = {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  children?: ReactNode;
  /** Buttons shown at the bottom right. */
  actions?: ReactNode;
  /** Maximum width: px as a number, or any CSS length. Default 520 px. */
  width?: number | string;
};

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

let openCount = 0;

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const rise = keyframes`from { opacity: 0; transform: translateY(8px) scale(0.98); } to { opacity: 1; transform: none; }`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndex.dialog};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
  background: rgba(16, 19, 35, 0.55);
  animation: ${fadeIn} 0.15s ease-out;
`;

const Panel = styled.div<{ $width: string }>`
  width: 100%;
  max-width: ${({ $width }) => $width};
  max-height: calc(100vh - 32px);
  display: flex;
  flex-direction: column;
  background: ${theme.colors.surface};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.dialog};
  animation: ${rise} 0.18s ease-out;
  outline: none;
`;

const Head = styled(Bar)`
  flex-wrap: nowrap;
  padding: 18px 20px 12px;
`;

const Title = styled.h2`
  font-size: ${theme.font.size.lg};
  font-weight: 700;
`;

const CloseButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  border: 0;
  border-radius: ${theme.radii.sm};
  background: transparent;
  color: ${theme.colors.textMuted};
  cursor: pointer;
  &:hover { background: ${theme.colors.surfaceMuted}; color: ${theme.colors.text}; }
`;

const Body = styled.div`
  padding: 4px 20px 20px;
  overflow: auto;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 8px;
  padding: 14px 20px;
  border-top: 1px solid ${theme.colors.border};
`;

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.getClientRects().length > 0 || el === document.activeElement,
  );
}

/**
 * Modal dialog: `role="dialog"`, `aria-modal`, labelled by its title. Esc and the backdrop close it,
 * Tab stays inside, focus returns to the opener on close. Nested dialogs: only the top one reacts.
 */
export function Dialog({ open, title, onClose, children, actions, width = 520 }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    if (panel) {
      const autofocus = panel.querySelector<HTMLElement>('[autofocus], [data-autofocus]');
      const first = autofocus ?? focusables(panel).find((el) => !el.hasAttribute('data-dialog-close')) ?? panel;
      first.focus();
    }
    openCount += 1;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      openCount -= 1;
      if (openCount === 0) document.body.style.overflow = previousOverflow;
      if (opener && document.contains(opener)) opener.focus();
    };
  }, [open]);

  // Toasts rise above this dialog's action row while it is open (docs/decisions/017).
  const hasActions = Boolean(actions);
  useEffect(() => {
    if (!open || !hasActions) return;
    const root = document.documentElement;
    const place = () => {
      const row = actionsRef.current;
      if (!row) return;
      root.style.setProperty(TOAST_BOTTOM_VAR, `${Math.max(16, Math.round(window.innerHeight - row.getBoundingClientRect().top + 8))}px`);
    };
    place();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    const panel = panelRef.current;
    if (observer && panel) observer.observe(panel);
    // The panel rises into place (transform): measure again once it stands where it stays.
    panel?.addEventListener('animationend', place);
    const settled = setTimeout(place, 300);
    window.addEventListener('resize', place);
    return () => {
      observer?.disconnect();
      panel?.removeEventListener('animationend', place);
      clearTimeout(settled);
      window.removeEventListener('resize', place);
      root.style.removeProperty(TOAST_BOTTOM_VAR);
    };
  }, [open, hasActions]);

  if (!open || typeof document === 'undefined') return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusables(panelRef.current);
    if (items.length === 0) {
      event.preventDefault();
      panelRef.current.focus();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <Backdrop
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        $width={typeof width === 'number' ? `${width}px` : width}
      >
        <Head>
          <Title id={titleId}>{title}</Title>
          <CloseButton type="button" aria-label="Close" data-dialog-close onClick={() => onCloseRef.current()}>
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </CloseButton>
        </Head>
        {children !== undefined && children !== null && <Body>{children}</Body>}
        {actions && <Actions ref={actionsRef}>{actions}</Actions>}
      </Panel>
    </Backdrop>,
    document.body,
  );
}
