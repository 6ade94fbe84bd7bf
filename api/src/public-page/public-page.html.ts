import { createHash } from 'node:crypto';
import { artworkRenditionUrl, fillMessage, PUBLIC_PAGE_TEXTS as T, publicPagePath } from '@portal/contracts';
import type { PageFacts } from './public-page.service';
import { formatDay } from './public-page.service';

/**
 * The public page's HTML (issue 39 §4, docs/decisions/037): server-rendered, no script at all, one inline
 * style block (allowed by its hash in the page's CSP, so no other style or any script can run), every
 * value HTML-escaped. Mobile first: one column up to 560 px wide.
 */

/** HTML-escape text for an element or a double- or single-quoted attribute. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const CSS = [
  ':root{color-scheme:light;--ink:#16161d;--muted:#4a4a57;--line:#d9d9e3;--accent:#3b2fc9;--bg:#f5f5f9}',
  '*{box-sizing:border-box}',
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}',
  'main{max-width:560px;margin:0 auto;padding:16px}',
  '.card{background:#fff;border:1px solid var(--line);border-radius:12px;padding:16px;margin:0 0 16px}',
  '.art{display:block;width:100%;max-width:360px;aspect-ratio:1;height:auto;margin:0 auto 16px;border-radius:8px;background:#e4e4ec;object-fit:cover}',
  'h1{font-size:1.6rem;line-height:1.25;margin:0 0 4px}',
  'h2{font-size:1.15rem;margin:0 0 8px}',
  'p{margin:0 0 8px}',
  '.muted{color:var(--muted)}',
  'ul.stores{list-style:none;margin:0;padding:0;display:grid;gap:8px}',
  'a.store,button{display:block;width:100%;min-height:48px;padding:12px 16px;border-radius:8px;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}',
  'a.store{background:var(--accent);color:#fff}',
  'a.store:hover,button:hover{filter:brightness(1.15)}',
  'a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #f0a500;outline-offset:2px}',
  'button{border:0;background:var(--ink);color:#fff;margin-top:12px}',
  'label{display:block;font-weight:600;margin:8px 0 4px}',
  'input[type=email]{width:100%;min-height:48px;padding:10px 12px;font:inherit;border:1px solid #767685;border-radius:8px}',
  '.check{display:flex;gap:10px;align-items:flex-start;font-weight:400}',
  '.check input{width:24px;height:24px;margin:2px 0 0;flex:none}',
  '.error{color:#a4001d;font-weight:600}',
  'footer{font-size:.875rem;color:var(--muted);text-align:center;padding:0 16px 24px}',
  'a{color:var(--accent)}',
].join('');

/** The inline style's CSP source (`'sha256-…'`): the only style the page may apply. */
export const PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

/**
 * The page's Content-Security-Policy: nothing but its own images, its one inline style and forms to this
 * origin; no script of any kind, no frames, no plugins, not framable.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "img-src 'self'",
  `style-src ${PAGE_STYLE_HASH}`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** What the page template needs besides the facts. */
export type PageContext = {
  /** Absolute URL of the page (canonical, og:url). */
  url: string;
  /** Absolute URL of a path on this portal (og:image). */
  absolute: (path: string) => string;
  now: number;
  /** The pre-save form's error (a failed POST): the field and its message; and the address typed. */
  formError?: { field: 'email' | 'consent'; message: string };
  email?: string;
};

/** The artwork's renditions (contracts ARTWORK_RENDITION_WIDTHS), WebP with a JPEG fallback; the LCP element, so high priority. */
function artwork(facts: PageFacts): string {
  if (!facts.artwork) return '';
  const src = (w: 300 | 1000, f: 'webp' | 'jpg') => escapeHtml(artworkRenditionUrl(facts.artwork, w, f));
  // The slot the image fills: the card's width up to 360 px; the card's content is the viewport less main's
  // padding (2 × 16), the card's border and padding (2 × 1 + 2 × 16), so 346 px on a 412 px phone (was
  // given as 360 px, and as 100vw − 32 px below 392 px: a larger rendition than needed on small phones).
  const sizes = '(max-width: 426px) calc(100vw - 66px), 360px';
  return (
    `<picture><source type="image/webp" srcset="${src(300, 'webp')} 300w, ${src(1000, 'webp')} 1000w" sizes="${sizes}">` +
    `<img class="art" src="${src(300, 'jpg')}" srcset="${src(300, 'jpg')} 300w, ${src(1000, 'jpg')} 1000w" sizes="${sizes}" width="360" height="360" alt="${escapeHtml(`Artwork of ${facts.title}`)}" fetchpriority="high"></picture>`
  );
}

/** One document: head with title, description, canonical, Open Graph and Twitter card tags; `body` inside <main>. */
function documentOf(facts: PageFacts | null, ctx: Pick<PageContext, 'url' | 'absolute'>, title: string, body: string, opts: { index: boolean }): string {
  const description = facts ? describe(facts) : title;
  const image = facts?.artwork ? ctx.absolute(artworkRenditionUrl(facts.artwork, 1000, 'jpg')) : '';
  const meta = facts
    ? [
        `<link rel="canonical" href="${escapeHtml(ctx.url)}">`,
        `<meta property="og:type" content="music.album">`,
        `<meta property="og:title" content="${escapeHtml(facts.title)}">`,
        `<meta property="og:description" content="${escapeHtml(description)}">`,
        `<meta property="og:url" content="${escapeHtml(ctx.url)}">`,
        image ? `<meta property="og:image" content="${escapeHtml(image)}"><meta property="og:image:width" content="1000"><meta property="og:image:height" content="1000"><meta property="og:image:alt" content="${escapeHtml(`Artwork of ${facts.title}`)}">` : '',
        `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
        `<meta name="twitter:title" content="${escapeHtml(facts.title)}">`,
        `<meta name="twitter:description" content="${escapeHtml(description)}">`,
        image ? `<meta name="twitter:image" content="${escapeHtml(image)}">` : '',
      ].join('')
    : '';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><meta name="description" content="${escapeHtml(description)}">` +
    (opts.index ? '' : '<meta name="robots" content="noindex">') +
    meta +
    `<style>${CSS}</style></head><body><main>${body}</main><footer>${escapeHtml(T.privacy)}</footer></body></html>`
  );
}

/** "by A, B · Out 12 December 2026": the description line of a release. */
function describe(facts: PageFacts): string {
  const by = facts.artists.length ? fillMessage(T.by, { artists: facts.artists.join(', ') }) : '';
  return [by, dateLine(facts, Date.now())].filter(Boolean).join(' · ');
}

function dateLine(facts: PageFacts, now: number): string {
  return fillMessage(now < facts.releaseDate ? T.outOn : T.releasedOn, { date: formatDay(facts.releaseDate) });
}

/** The head of every page of a release: artwork, title, artists, date. */
function releaseHeader(facts: PageFacts, now: number, headingLevel: 'h1' | 'p'): string {
  const by = facts.artists.length ? `<p class="muted">${escapeHtml(fillMessage(T.by, { artists: facts.artists.join(', ') }))}</p>` : '';
  const title = headingLevel === 'h1' ? `<h1>${escapeHtml(facts.title)}</h1>` : `<p><strong>${escapeHtml(facts.title)}</strong></p>`;
  return `${artwork(facts)}${title}${by}<p class="muted">${escapeHtml(dateLine(facts, now))}</p>`;
}

/** `/r/<slug>`: the release, one button per live store, and before the release date the pre-save form. */
export function renderReleasePage(facts: PageFacts, ctx: PageContext): string {
  const base = publicPagePath(facts.slug);
  const presave = ctx.now < facts.releaseDate;
  const stores = facts.links.length
    ? `<section class="card" aria-labelledby="stores"><h2 id="stores">${escapeHtml(T.storesHeading)}</h2><ul class="stores">${facts.links
        .map((l) => `<li><a class="store" rel="nofollow" href="${escapeHtml(`${base}/go/${encodeURIComponent(l.store)}`)}">${escapeHtml(fillMessage(T.listenOn, { store: l.store }))}</a></li>`)
        .join('')}</ul></section>`
    : presave
      ? ''
      : `<section class="card"><p>${escapeHtml(T.noStoresYet)}</p></section>`;
  const errorOf = (field: 'email' | 'consent') =>
    ctx.formError?.field === field ? `<p class="error" id="${field}-error" role="alert">${escapeHtml(ctx.formError.message)}</p>` : '';
  const invalid = (field: 'email' | 'consent') => (ctx.formError?.field === field ? ` aria-invalid="true" aria-describedby="${field}-error"` : '');
  const form = presave
    ? `<section class="card" aria-labelledby="presave"><h2 id="presave">${escapeHtml(T.presaveHeading)}</h2>` +
      `<p>${escapeHtml(fillMessage(T.presaveLead, { date: formatDay(facts.releaseDate) }))}</p>` +
      `<form method="post" action="${escapeHtml(`${base}/presave`)}" novalidate>` +
      `<label for="email">${escapeHtml(T.emailLabel)}</label>` +
      `<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(ctx.email ?? '')}"${invalid('email')}>` +
      errorOf('email') +
      `<label class="check"><input type="checkbox" name="consent" value="yes" required${invalid('consent')}><span>${escapeHtml(T.consentLabel)}</span></label>` +
      errorOf('consent') +
      // A field people never see: a bot that fills every field is answered as usual and nothing is mailed.
      '<div hidden><label for="website">Website</label><input id="website" name="website" tabindex="-1" autocomplete="off"></div>' +
      `<button type="submit">${escapeHtml(T.presaveButton)}</button></form></section>`
    : '';
  const title = `${facts.title}${facts.artists.length ? ` – ${facts.artists.join(', ')}` : ''}`;
  return documentOf(facts, ctx, title, `<section class="card">${releaseHeader(facts, ctx.now, 'h1')}</section>${stores}${form}`, { index: true });
}

/**
 * A message page of a release's flow (check your inbox, confirm, unsubscribe, …): a heading, a text, an
 * optional one-button form (POST with the token) and a link back to the page. Not indexed.
 */
export function renderMessagePage(
  facts: PageFacts,
  ctx: Pick<PageContext, 'url' | 'absolute' | 'now'>,
  message: { title: string; text: string; form?: { action: string; token: string; button: string } },
): string {
  const base = publicPagePath(facts.slug);
  const form = message.form
    ? `<form method="post" action="${escapeHtml(message.form.action)}"><input type="hidden" name="t" value="${escapeHtml(message.form.token)}"><button type="submit">${escapeHtml(message.form.button)}</button></form>`
    : '';
  const body =
    `<section class="card">${releaseHeader(facts, ctx.now, 'p')}</section>` +
    `<section class="card" aria-labelledby="msg"><h1 id="msg">${escapeHtml(message.title)}</h1><p>${escapeHtml(message.text)}</p>${form}` +
    `<p><a href="${escapeHtml(base)}">${escapeHtml(T.backToRelease)}</a></p></section>`;
  return documentOf(null, ctx, `${message.title} – ${facts.title}`, body, { index: false });
}

/** The page of an unknown address (404) or another failure (with its title and text). */
export function renderBarePage(title: string, text: string): string {
  return documentOf(null, { url: '', absolute: (p) => p }, title, `<section class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></section>`, { index: false });
}
