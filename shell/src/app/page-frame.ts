import { SHELL } from '@portal/contracts';
import { theme } from '@portal/kit';
import type { RemoteRoute } from '../routing/routes';

/** Attribute marking the frame's root, for tests and for React's first render, which replaces it. */
export const PAGE_FRAME_ATTRIBUTE = 'data-page-frame';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, style: Partial<CSSStyleDeclaration>, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node.style, style);
  if (text) node.textContent = text;
  return node;
}

/** The heading as the remotes' page headers draw it (kit PageHeader, mfe-auth AuthLayout: 24 px, bold). */
function heading(text: string, marginBottom: string): HTMLElement {
  return element('h1', { margin: `0 0 ${marginBottom}`, fontSize: theme.font.size.xxl, fontWeight: '700', lineHeight: '1.25', color: theme.colors.text }, text);
}

/**
 * Paints the page's frame into #root from the entry chunk, before React and the route's code have
 * arrived (docs/decisions/010): the public pages' centred card, or the drawer, top bar and content
 * area of the layout, each with the route's heading where the route table knows it. Static and
 * `aria-hidden` (nothing to use yet); React's first render replaces it, which the entry delays until
 * the route's module is ready (or a short while passed), so the frame turns into the page without a
 * spinner in between. Nothing is painted for an unknown path.
 */
export function paintPageFrame(root: HTMLElement, route: RemoteRoute, loggedIn: boolean): void {
  const small = window.matchMedia(`(max-width: ${SHELL.collapseUnderPx - 0.02}px)`).matches;
  const frame = element('div', { minHeight: '100vh', fontFamily: theme.font.family, color: theme.colors.text, background: theme.colors.background, lineHeight: '1.5' });
  frame.setAttribute(PAGE_FRAME_ATTRIBUTE, '');
  frame.setAttribute('aria-hidden', 'true');
  if (!loggedIn) {
    const column = element('div', { maxWidth: '440px', margin: '0 auto', padding: small ? '24px 12px' : '40px 16px' });
    const panel = element('div', {
      marginTop: '60px',
      background: theme.colors.surface,
      border: `1px solid ${theme.colors.border}`,
      borderRadius: theme.radii.lg,
      padding: small ? '24px 20px' : '32px',
    });
    if (route.heading) panel.append(heading(route.heading, '6px'));
    column.append(panel);
    frame.append(column);
  } else {
    if (!small) frame.append(element('div', { position: 'fixed', top: '0', bottom: '0', left: '0', width: `${SHELL.drawerWidthPx}px`, background: theme.colors.drawer }));
    const main = element('div', { marginLeft: small ? '0' : `${SHELL.drawerWidthPx}px` });
    main.append(element('div', { height: `${theme.layout.topBarHeightPx}px`, background: theme.colors.surface, borderBottom: `1px solid ${theme.colors.border}` }));
    const content = element('div', { maxWidth: '1280px', margin: '0 auto', padding: small ? '16px 12px' : '24px' });
    if (route.heading) content.append(heading(route.heading, '20px'));
    main.append(content);
    frame.append(main);
  }
  root.replaceChildren(frame);
}
