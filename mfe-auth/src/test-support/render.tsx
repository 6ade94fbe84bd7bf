import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';

/** Server-renders a route module at `url`, for markup checks without a browser. */
export function renderAt(url: string, element: ReactElement): string {
  return renderToStaticMarkup(<MemoryRouter initialEntries={[url]}>{element}</MemoryRouter>);
}

/** `renderAt` once every lazy part of the page (React.lazy behind Suspense) has loaded and rendered. */
export async function renderSettledAt(url: string, element: ReactElement): Promise<string> {
  const { prelude } = await prerenderToNodeStream(<MemoryRouter initialEntries={[url]}>{element}</MemoryRouter>);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/** The attributes of the first tag matching `selector` (a regexp source for the tag's opening). */
export function tagOf(html: string, selector: RegExp): string {
  const match = html.match(selector);
  if (!match) throw new Error(`no tag matching ${selector}`);
  return match[0];
}

/** The `id` of the control the `<label>` with this exact text points to. */
export function controlIdForLabel(html: string, label: string): string {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, '(?:\'|&#x27;)');
  const match = html.match(new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${escaped}<`));
  if (!match) throw new Error(`no label "${label}"`);
  return match[1];
}
