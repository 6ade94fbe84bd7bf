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

/** Class names of the frame's parts whose look depends on the screen's width (styled by frameStyle). */
const PART = { column: 'pf-column', panel: 'pf-panel', drawer: 'pf-drawer', main: 'pf-main', content: 'pf-content' } as const;

/**
 * The frame's width-dependent rules as a style sheet with a media query, the same breakpoint as the
 * layout's (SHELL.collapseUnderPx), instead of asking `matchMedia` in script: reading `.matches` in the
 * entry's first task forced the document's first style and layout into that task (about 25 ms on a
 * laptop, four times that on a phone), delaying the requests the task starts (docs/decisions/010).
 */
function frameStyle(): HTMLStyleElement {
  const scope = `[${PAGE_FRAME_ATTRIBUTE}]`;
  const style = document.createElement('style');
  style.textContent =
    `${scope} .${PART.column}{max-width:440px;margin:0 auto;padding:40px 16px}` +
    `${scope} .${PART.panel}{padding:32px}` +
    `${scope} .${PART.drawer}{position:fixed;top:0;bottom:0;left:0;width:${SHELL.drawerWidthPx}px;background:${theme.colors.drawer}}` +
    `${scope} .${PART.main}{margin-left:${SHELL.drawerWidthPx}px}` +
    `${scope} .${PART.content}{max-width:1280px;margin:0 auto;padding:24px}` +
    `@media (max-width: ${SHELL.collapseUnderPx - 0.02}px){` +
    `${scope} .${PART.column}{padding:24px 12px}${scope} .${PART.panel}{padding:24px 20px}${scope} .${PART.drawer}{display:none}` +
    `${scope} .${PART.main}{margin-left:0}${scope} .${PART.content}{padding:16px 12px}}`;
  return style;
}

/** `node` with the class name `part`. */
function withPart<T extends HTMLElement>(node: T, part: string): T {
  node.className = part;
  return node;
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
  const frame = element('div', { minHeight: '100vh', fontFamily: theme.font.family, color: theme.colors.text, background: theme.colors.background, lineHeight: '1.5' });
  frame.setAttribute(PAGE_FRAME_ATTRIBUTE, '');
  frame.setAttribute('aria-hidden', 'true');
  frame.append(frameStyle());
  if (!loggedIn) {
    const column = withPart(element('div', {}), PART.column);
    const panel = withPart(element('div', { marginTop: '60px', background: theme.colors.surface, border: `1px solid ${theme.colors.border}`, borderRadius: theme.radii.lg }), PART.panel);
    if (route.heading) panel.append(heading(route.heading, '6px'));
    column.append(panel);
    frame.append(column);
  } else {
    frame.append(withPart(element('div', {}), PART.drawer));
    const main = withPart(element('div', {}), PART.main);
    main.append(element('div', { height: `${theme.layout.topBarHeightPx}px`, background: theme.colors.surface, borderBottom: `1px solid ${theme.colors.border}` }));
    const content = withPart(element('div', {}), PART.content);
    if (route.heading) content.append(heading(route.heading, '20px'));
    main.append(content);
    frame.append(main);
  }
  root.replaceChildren(frame);
}
