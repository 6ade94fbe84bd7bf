import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, LessThan, type EntityManager, Repository } from 'typeorm';
import { apiUrl, ATTACHMENT_FILENAME, SUPPORT_ENDPOINTS, SUPPORT_LIMITS, SUPPORT_MESSAGES as M, type TicketAttachment } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import type { PortalRequest } from '../../common/request-context';
import { SignedLinks } from '../../common/http/signed-links';
import { type NamedFile, wholeFile } from '../../common/http/send-file';
import { FileTypeSniffer } from '../../storage/file-type.sniffer';
import { FileStorage } from '../../storage/file-storage';
import { discardBody, receiveSingleFile } from '../../storage/streamed-upload';
import { AttachmentGuard } from './attachment-guard';
import { TicketAttachmentEntity } from './ticket.entities';

/** Form field that carries the file (areas §7: the ticket field is spelled `attachement`). */
export const ATTACHMENT_FIELD = 'attachement';
/** Multipart overhead tolerated beyond the largest file before the connection is cut. */
const OVERHEAD_BYTES = 1024 * 1024;

/** The wire shape of an attachment row. */
/** Scope of the signed links of ticket attachments. */
export const ATTACHMENT_LINK_SCOPE = 'ticket';

/** An attachment as answered, with a signed link to its bytes (10 minutes; docs/decisions/026: no token in a URL). */
export const toAttachment = (a: TicketAttachmentEntity, links: SignedLinks): TicketAttachment => {
  const { query } = links.signQuery(ATTACHMENT_LINK_SCOPE, a.filename);
  return { filename: a.filename, name: a.original_name, size: a.size, mime: a.mime, url: `${apiUrl(SUPPORT_ENDPOINTS.ticketAttachmentFile, { filename: a.filename })}?${query}` };
};

/** A display name from the browser's file name: no path, no control characters, at most 255 characters. */
function displayName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'attachment').slice(0, 255);
}

/**
 * Ticket attachments (areas §2, §5, §9): streamed from the request through busboy and the
 * AttachmentGuard into the FileStorage, never held whole in memory; checked on the bytes. A refused
 * upload leaves no file and no row. Uploads are bound to a ticket when the ticket or reply that
 * lists them is saved; unbound ones older than a day are purged by the operator command.
 */
@Injectable()
export class AttachmentsService {
  private readonly logger = new Logger(AttachmentsService.name);

  constructor(
    @InjectRepository(TicketAttachmentEntity) private readonly rows: Repository<TicketAttachmentEntity>,
    private readonly storage: FileStorage,
    private readonly sniffer: FileTypeSniffer,
    readonly links: SignedLinks,
  ) {}

  /**
   * Receive the single file of field `attachement` from a multipart request → `{ filename, name, size
   * (bytes), mime }`. The answer is sent only once the request body is consumed, so a browser sees the
   * message even when it was still sending.
   * Errors: 400 attachmentMissing / attachmentOneFile / attachmentIncomplete; 413 attachmentTooLarge
   * (> 2097152 bytes); 415 attachmentType; 429 tooManyUnsent (20 uploads not yet sent with a ticket).
   */
  async receive(userId: number, req: PortalRequest): Promise<TicketAttachment> {
    if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) throw DomainError.badRequest(M.attachmentMissing);
    // Uploads no ticket uses yet are bounded per user (purged after a day by the operator command).
    if ((await this.rows.count({ where: { user_id: userId, ticket_id: IsNull() } })) >= SUPPORT_LIMITS.unsentAttachmentsMax) {
      await discardBody(req, SUPPORT_LIMITS.attachmentMaxBytes + OVERHEAD_BYTES);
      throw DomainError.tooMany(M.tooManyUnsent, 'too_many_unsent_attachments');
    }
    let name = 'attachment';
    const stored = await receiveSingleFile(req, this.storage, {
      field: ATTACHMENT_FIELD,
      maxBytes: SUPPORT_LIMITS.attachmentMaxBytes,
      makeGuard: (part) => new AttachmentGuard((head) => this.sniffer.sniff(head), (name = displayName(part.filename))),
      tooLarge: () => DomainError.tooLarge(M.attachmentTooLarge),
      messages: { missing: M.attachmentMissing, oneFile: M.attachmentOneFile, incomplete: M.attachmentIncomplete },
      logger: this.logger,
    });
    const key = stored.key;
    const type = stored.guard.detected!;
    const filename = `${key}.${type.ext}`;
    try {
      const row = await this.rows.save(this.rows.create({ user_id: userId, ticket_id: null, message_id: null, filename, original_name: name, storage_key: key, mime: type.mime, size: stored.size }));
      return toAttachment(row, this.links);
    } catch (e) {
      await this.storage.delete(key).catch(() => undefined);
      throw e;
    }
  }

  /**
   * Bind uploads of the caller that no ticket uses yet to a ticket (and a reply's message), inside
   * the caller's transaction. All or nothing: a name that is not such an upload throws 400
   * attachmentUnknown and the transaction rolls back.
   */
  async bind(m: EntityManager, userId: number, filenames: string[], ticketId: number, messageId: number | null): Promise<void> {
    const names = [...new Set(filenames)];
    if (!names.length) return;
    if (names.length !== filenames.length || names.some((n) => !ATTACHMENT_FILENAME.test(n))) throw DomainError.badRequest(M.attachmentUnknown);
    const result = await m.update(TicketAttachmentEntity, { user_id: userId, ticket_id: IsNull(), filename: In(names) }, { ticket_id: ticketId, message_id: messageId });
    if ((result.affected ?? 0) !== names.length) throw DomainError.badRequest(M.attachmentUnknown);
  }

  /**
   * Bind a support member's unsent uploads to a support reply of a ticket, inside the caller's
   * transaction: they then belong to the ticket's owner (DESIGN "Data": every row a user owns carries
   * their id), who sees and opens them like their own. All or nothing: 400 attachmentUnknown.
   */
  async bindForOwner(m: EntityManager, uploaderId: number, filenames: string[], ticketId: number, messageId: number, ownerId: number): Promise<void> {
    const names = [...new Set(filenames)];
    if (!names.length) return;
    if (names.length !== filenames.length || names.some((n) => !ATTACHMENT_FILENAME.test(n))) throw DomainError.badRequest(M.attachmentUnknown);
    const result = await m.update(TicketAttachmentEntity, { user_id: uploaderId, ticket_id: IsNull(), filename: In(names) }, { ticket_id: ticketId, message_id: messageId, user_id: ownerId });
    if ((result.affected ?? 0) !== names.length) throw DomainError.badRequest(M.attachmentUnknown);
  }

  /** Attachments of a ticket, by message id (null: the ticket's own), oldest first. */
  async ofTicket(ticketId: number, userId: number): Promise<TicketAttachmentEntity[]> {
    return this.rows.find({ where: { ticket_id: ticketId, user_id: userId }, order: { id: 'ASC' } });
  }

  /**
   * The bytes of an attachment for its owner (GET /api/files/ticket/:filename). Another user's or an
   * unbound file answers 404 like a missing one. Named by the server's `filename` (`<key>.<ext>`), never
   * the uploader's name (README "Security and health"; that name is the attachment's `name` in the ticket);
   * images, PDF and text open inline, the rest as a download. Errors: 404 attachmentNotFound.
   */
  async open(userId: number | null, filename: string): Promise<NamedFile> {
    if (!ATTACHMENT_FILENAME.test(filename)) throw DomainError.notFound(M.attachmentNotFound);
    // null: opened through a signed link, which was only ever given to the ticket's owner.
    const row = await this.rows.findOne({ where: userId === null ? { filename } : { filename, user_id: userId } });
    if (!row) throw DomainError.notFound(M.attachmentNotFound);
    const stat = await this.storage.stat(row.storage_key);
    if (!stat) throw DomainError.notFound(M.attachmentNotFound);
    const stream = await this.storage.open(row.storage_key);
    const inline = /^(image\/|application\/pdf|text\/plain)/.test(row.mime);
    return { file: wholeFile(stream, row.mime, stat.size), name: row.filename, disposition: inline ? 'inline' : 'attachment' };
  }

  /** Delete uploads never bound to a ticket and older than `hours` (abandoned New Ticket dialogs). Answers how many went. */
  async purgeUnbound(hours: number): Promise<number> {
    const before = new Date(Date.now() - hours * 3600_000);
    const orphans = await this.rows.find({ where: { ticket_id: IsNull(), created_at: LessThan(before) } });
    for (const row of orphans) {
      await this.rows.delete({ id: row.id, ticket_id: IsNull() });
      await this.storage.delete(row.storage_key);
    }
    return orphans.length;
  }
}
