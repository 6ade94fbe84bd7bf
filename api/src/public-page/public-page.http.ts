import { Injectable, Logger } from '@nestjs/common';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { ValidationError } from 'yup';
import { PUBLIC_PAGE_TEXTS as T, fillMessage, presaveSchema, publicPagePath } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import { acceptedEncodings } from '../common/http/precompressed';
import { PAGE_CSP, renderBarePage, renderMessagePage, renderReleasePage } from './public-page.html';
import { formatDay, PublicPageService, type PageFacts } from './public-page.service';

/** A confirmation or unsubscribe token as the links carry it (`<id>.<mac>`); anything longer is not one. */
const TOKEN_MAX = 64;

/**
 * `/r/*`, the public release pages (issue 39 §4, docs/decisions/037), as one express router the app
 * mounts ahead of the shell's client routes (app.factory.ts): plain HTML forms and links, no script,
 * no cookie, no session. Routes:
 * - GET/HEAD `/r/<slug>`: the page (a GET counts a visit; a prefetch does not). 404 page for an unknown
 *   slug or a release that is not approved.
 * - GET `/r/<slug>/go/<store>`: counts a click and redirects (302) to the store's page; 404 for a store
 *   that is not live.
 * - POST `/r/<slug>/presave` (`email`, `consent=yes`): the double opt-in's first step; 400 page with the
 *   error for a bad field, 429 page when the client sent too many.
 * - GET and POST `/r/<slug>/confirm?t=` and `/r/<slug>/unsubscribe?t=`: a page with one button (a GET
 *   never changes anything: mail scanners open links), and the POST that confirms or deletes.
 */
@Injectable()
export class PublicPageHttp {
  private readonly logger = new Logger(PublicPageHttp.name);
  /** The router to mount at `/r`. */
  readonly router: express.Router;

  constructor(private readonly pages: PublicPageService) {
    const router = express.Router({ strict: false, caseSensitive: true });
    const form = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 });
    router.get('/:slug', this.safe((req, res) => this.page(req, res)));
    router.get('/:slug/go/:store', this.safe((req, res) => this.go(req, res)));
    router.post('/:slug/presave', form, this.safe((req, res) => this.presave(req, res)));
    router.get('/:slug/confirm', this.safe((req, res) => this.tokenPage(req, res, 'confirm')));
    router.post('/:slug/confirm', form, this.safe((req, res) => this.tokenAction(req, res, 'confirm')));
    router.get('/:slug/unsubscribe', this.safe((req, res) => this.tokenPage(req, res, 'unsubscribe')));
    router.post('/:slug/unsubscribe', form, this.safe((req, res) => this.tokenAction(req, res, 'unsubscribe')));
    router.use((req: Request, res: Response) => send(req, res, 404, renderBarePage(T.notFoundTitle, T.notFoundText)));
    this.router = router;
  }

  private async page(req: Request, res: Response): Promise<void> {
    const facts = await this.pages.factsBySlug(String(req.params.slug));
    if (!facts) return send(req, res, 404, renderBarePage(T.notFoundTitle, T.notFoundText));
    if (req.method === 'GET' && !isPrefetch(req)) await this.pages.countVisit(facts.pageId);
    send(req, res, 200, renderReleasePage(facts, this.context(facts)));
  }

  private async go(req: Request, res: Response): Promise<void> {
    const facts = await this.pages.factsBySlug(String(req.params.slug));
    const link = facts?.links.find((l) => l.store === req.params.store);
    if (!facts || !link) return send(req, res, 404, renderBarePage(T.notFoundTitle, T.notFoundText));
    if (req.method === 'GET' && !isPrefetch(req)) await this.pages.countClick(facts.pageId, link.store);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.redirect(302, link.url);
  }

  private async presave(req: Request, res: Response): Promise<void> {
    const facts = await this.pages.factsBySlug(String(req.params.slug));
    if (!facts) return send(req, res, 404, renderBarePage(T.notFoundTitle, T.notFoundText));
    const body = (req.body ?? {}) as Record<string, unknown>;
    const typed = typeof body.email === 'string' ? body.email.slice(0, 300) : '';
    const input = { email: typed, consent: typeof body.consent === 'string' ? body.consent : undefined };
    let email = '';
    // One field after the other, in the form's order: the first failing field's message, shown under it.
    for (const field of ['email', 'consent'] as const) {
      try {
        await presaveSchema.validateAt(field, input);
        if (field === 'email') email = typed.trim().toLowerCase(); // the schema's own transform
      } catch (e) {
        if (!(e instanceof ValidationError)) throw e;
        return send(req, res, 400, renderReleasePage(facts, { ...this.context(facts), formError: { field, message: e.message }, email: typed }));
      }
    }
    // The hidden field people never see: filled, it is a bot; it is answered like everyone and nothing is mailed.
    const outcome = typeof body.website === 'string' && body.website !== '' ? 'check_inbox' : await this.pages.signup(facts, email, req.ip ?? '');
    if (outcome === 'too_many') return send(req, res, 429, renderMessagePage(facts, this.context(facts), { title: T.tooManyTitle, text: T.tooManyText }), { 'Retry-After': '600' });
    if (outcome === 'closed') return this.page(req, res);
    send(req, res, 200, renderMessagePage(facts, this.context(facts), { title: T.checkInboxTitle, text: T.checkInboxText }));
  }

  /** GET of a mailed link: a page with the one button that does it (nothing changes on a GET). */
  private async tokenPage(req: Request, res: Response, action: 'confirm' | 'unsubscribe'): Promise<void> {
    const slug = String(req.params.slug);
    const token = typeof req.query.t === 'string' ? req.query.t.slice(0, TOKEN_MAX) : '';
    const holder = await this.pages.holder(slug, token);
    if (!holder) return this.goneLink(req, res, slug, action);
    const { facts } = holder;
    const already = action === 'confirm' && holder.subscriber.status === 'confirmed';
    const message = already
      ? { title: T.confirmedTitle, text: fillMessage(T.confirmedText, { title: facts.title, date: formatDay(facts.releaseDate) }) }
      : action === 'confirm'
        ? { title: T.confirmTitle, text: fillMessage(T.confirmText, { title: facts.title }), form: { action: `${publicPagePath(facts.slug)}/confirm`, token, button: T.confirmButton } }
        : { title: T.unsubscribeTitle, text: fillMessage(T.unsubscribeText, { title: facts.title }), form: { action: `${publicPagePath(facts.slug)}/unsubscribe`, token, button: T.unsubscribeButton } };
    send(req, res, 200, renderMessagePage(facts, this.context(facts), message));
  }

  /** POST of the button: confirm the address, or unsubscribe (delete it). */
  private async tokenAction(req: Request, res: Response, action: 'confirm' | 'unsubscribe'): Promise<void> {
    const slug = String(req.params.slug);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const token = typeof body.t === 'string' ? body.t.slice(0, TOKEN_MAX) : '';
    const holder = await this.pages.holder(slug, token);
    if (!holder) return this.goneLink(req, res, slug, action);
    const { facts } = holder;
    if (action === 'unsubscribe') {
      await this.pages.unsubscribe(holder);
      return send(req, res, 200, renderMessagePage(facts, this.context(facts), { title: T.unsubscribedTitle, text: T.unsubscribedText }));
    }
    if (!(await this.pages.confirm(holder))) return this.goneLink(req, res, slug, action);
    send(req, res, 200, renderMessagePage(facts, this.context(facts), { title: T.confirmedTitle, text: fillMessage(T.confirmedText, { title: facts.title, date: formatDay(facts.releaseDate) }) }));
  }

  /**
   * A link whose address is gone (unsubscribed, mailed on release day, never confirmed and purged) or that
   * was never genuine. Unsubscribing then says what is true either way: the address is not kept.
   */
  private async goneLink(req: Request, res: Response, slug: string, action: 'confirm' | 'unsubscribe'): Promise<void> {
    const facts = await this.pages.factsBySlug(slug);
    if (!facts) return send(req, res, 404, renderBarePage(T.notFoundTitle, T.notFoundText));
    const message = action === 'unsubscribe' ? { title: T.unsubscribedTitle, text: T.unsubscribedText } : { title: T.linkInvalidTitle, text: T.linkInvalidText };
    send(req, res, action === 'unsubscribe' ? 200 : 404, renderMessagePage(facts, this.context(facts), message));
  }

  private context(facts: PageFacts) {
    return { url: this.pages.absolute(publicPagePath(facts.slug)), absolute: (path: string) => this.pages.absolute(path), now: Date.now() };
  }

  /** The handler's errors as a page: 503 (Redis down: DomainError 503) or 500, logged; never a stack trace. */
  private safe(handler: (req: Request, res: Response) => Promise<void>): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      handler(req, res).catch((e: unknown) => {
        if (res.headersSent) return next(e);
        const status = e instanceof DomainError && e.httpStatus === 503 ? 503 : 500;
        if (status === 500) this.logger.error({ msg: 'public page failed', path: req.path, err: (e as Error).message });
        send(req, res, status, renderBarePage(T.tooManyTitle, T.tooManyText), status === 503 ? { 'Retry-After': '30' } : {});
      });
    };
  }
}

/** Whether the browser is only prefetching or prerendering the page (not a visit). */
function isPrefetch(req: Request): boolean {
  const purpose = `${req.headers['sec-purpose'] ?? ''}${req.headers.purpose ?? ''}${req.headers['x-moz'] ?? ''}`;
  return /prefetch|prerender/i.test(purpose);
}

/**
 * Answer an HTML page: the page's own CSP (no script at all), not cached by shared caches (every view
 * counts), compressed with brotli or gzip when the client takes it.
 */
function send(req: Request, res: Response, status: number, html: string, headers: Record<string, string> = {}): void {
  res.setHeader('Content-Security-Policy', PAGE_CSP);
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.vary('Accept-Encoding');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const plain = Buffer.from(html);
  const encoding = acceptedEncodings(req)[0]?.name;
  const body =
    encoding === 'br'
      ? brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } })
      : encoding === 'gzip'
        ? gzipSync(plain, { level: 6 })
        : plain;
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.status(status).end(req.method === 'HEAD' ? undefined : body);
}
