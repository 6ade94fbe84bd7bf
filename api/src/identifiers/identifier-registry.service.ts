import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { compactIsrc, fillMessage, gtin14, OPS_MESSAGES, RELEASE_MESSAGES as M, VIDEO_MESSAGES as V } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import { AssignedIdentifierEntity } from './identifier.entities';

/** The holder of a code in the registry. */
export type IdentifierOwner = { release_id: number | null; user_id: number; source: 'assigned' | 'entered' | 'video'; object_id: number };

/**
 * The identifier registry (docs/decisions/016): one row per UPC and per ISRC in use on the platform,
 * unique `(kind, code)`. Every write goes through the caller's transaction (the release or track save,
 * the approval), so a code and the row carrying it are committed together; two transactions claiming
 * one code meet at the unique index (on MariaDB the second waits for the first and then fails), and
 * the loser's whole save is refused with the field's message.
 *
 * - A UPC identifies one release: a claim by any other release, of any owner, is refused.
 * - An ISRC identifies one recording of one owner: the owner's other releases (a re-release) may carry
 *   it; another owner never may.
 * - One code, one row (issue 38 item 8): a UPC is kept in its GTIN-14 form (the UPC-A `089000000012`,
 *   the EAN-13 `0089000000012` and the GTIN-14 `00089000000012` are one code), an ISRC compact
 *   (uppercase, no hyphens); the release and track rows keep what the artist typed, for display.
 */
@Injectable()
export class IdentifierRegistryService {
  /** Claim an artist-entered UPC for `releaseId` (idempotent for the same release). 400 upcInUse. */
  async claimUpc(m: EntityManager, typed: string, userId: number, releaseId: number): Promise<void> {
    const code = gtin14(typed);
    const held = await this.holder(m, 'upc', code);
    if (held) {
      if (held.release_id === releaseId) return;
      throw DomainError.badRequest(M.upcInUse, 'upc_in_use');
    }
    if (await this.insert(m, { kind: 'upc', code, object_id: releaseId, user_id: userId, release_id: releaseId, source: 'entered' })) return;
    // A concurrent claim won the unique index: fine when it was this same release's.
    if ((await this.committedHolder(m, 'upc', code))?.release_id !== releaseId) throw DomainError.badRequest(M.upcInUse, 'upc_in_use');
  }

  /** Claim an artist-entered ISRC for `userId` (nothing to do when theirs already). 400 isrcInUse. */
  async claimIsrc(m: EntityManager, isrc: string, userId: number, releaseId: number, trackId: number): Promise<void> {
    const code = compactIsrc(isrc);
    const held = await this.holder(m, 'isrc', code);
    if (held) {
      if (held.user_id === userId) return;
      throw DomainError.badRequest(M.isrcInUse, 'isrc_in_use');
    }
    if (await this.insert(m, { kind: 'isrc', code, object_id: trackId, user_id: userId, release_id: releaseId, source: 'entered' })) return;
    // A concurrent claim won the unique index: fine when it was the same owner's (two of their tracks at once).
    if ((await this.committedHolder(m, 'isrc', code))?.user_id !== userId) throw DomainError.badRequest(M.isrcInUse, 'isrc_in_use');
  }

  /**
   * Claim the UPC typed on a video release (`videoId`, saved in the same transaction `m`). A UPC
   * identifies one release: any audio release's or another video's code is refused (400 video
   * upcInUse), except the same video submitted again (`sameVideo(heldVideoId)`, e.g. after a
   * rejection: the owner's earlier video of the same audio), which moves the claim to the new row.
   */
  async claimVideoUpc(m: EntityManager, typed: string, userId: number, videoId: number, sameVideo: (heldVideoId: number) => Promise<boolean>): Promise<void> {
    const code = gtin14(typed);
    const mayTake = async (held: IdentifierOwner | null) => !!held && held.source === 'video' && held.user_id === userId && (held.object_id === videoId || (await sameVideo(held.object_id)));
    const held = await this.holder(m, 'upc', code);
    if (held) {
      if (!(await mayTake(held))) throw DomainError.badRequest(V.upcInUse, 'upc_in_use');
      await m.update(AssignedIdentifierEntity, { kind: 'upc', code }, { object_id: videoId });
      return;
    }
    if (await this.insert(m, { kind: 'upc', code, object_id: videoId, user_id: userId, release_id: null, source: 'video' })) return;
    // A concurrent claim won the unique index: never another video's or release's.
    throw DomainError.badRequest(V.upcInUse, 'upc_in_use');
  }

  /**
   * Claim the ISRC typed on a video release: like a track's, the owner's own code may be carried again
   * (nothing to do), another owner's never (400 video isrcInUse).
   */
  async claimVideoIsrc(m: EntityManager, isrc: string, userId: number, videoId: number): Promise<void> {
    const code = compactIsrc(isrc);
    const held = await this.holder(m, 'isrc', code);
    if (held) {
      if (held.user_id === userId) return;
      throw DomainError.badRequest(V.isrcInUse, 'isrc_in_use');
    }
    if (await this.insert(m, { kind: 'isrc', code, object_id: videoId, user_id: userId, release_id: null, source: 'video' })) return;
    if ((await this.committedHolder(m, 'isrc', code))?.user_id !== userId) throw DomainError.badRequest(V.isrcInUse, 'isrc_in_use');
  }

  /**
   * At approval: the entered codes must still be this release's and this owner's (a legacy duplicate
   * registered for another holder by the migration is refused, 409 with the holder's release id).
   */
  async confirmForApproval(m: EntityManager, kind: 'upc' | 'isrc', code: string, userId: number, releaseId: number, trackId: number): Promise<void> {
    const c = registryCode(kind, code);
    const held = await this.holder(m, kind, c);
    const ours = held && (kind === 'upc' ? held.release_id === releaseId : held.user_id === userId);
    if (ours) return;
    if (!held && (await this.insert(m, { kind, code: c, object_id: kind === 'upc' ? releaseId : trackId, user_id: userId, release_id: releaseId, source: 'entered' }))) return;
    const other = held ?? (await this.holder(m, kind, c));
    throw new DomainError(409, fillMessage(OPS_MESSAGES.identifierTaken, { kind: kind.toUpperCase(), code, release_id: String(other?.release_id ?? '?') }), { code: `${kind}_in_use` });
  }

  /** Give back an entered UPC of an editable release that no longer carries it (assigned codes are kept forever). */
  async releaseUpc(m: EntityManager, code: string, releaseId: number): Promise<void> {
    if (!code) return;
    await m.delete(AssignedIdentifierEntity, { kind: 'upc', code: gtin14(code), release_id: releaseId, source: 'entered' });
  }

  /** Give back an entered ISRC none of the owner's tracks carries any more (the caller checks that). */
  async releaseIsrc(m: EntityManager, isrc: string, userId: number): Promise<void> {
    if (!isrc) return;
    await m.delete(AssignedIdentifierEntity, { kind: 'isrc', code: compactIsrc(isrc), user_id: userId, source: 'entered' });
  }

  /** Whether a code is in the registry (the approval's number assignment skips it). */
  async taken(m: EntityManager, kind: 'upc' | 'isrc', code: string): Promise<boolean> {
    return m.exists(AssignedIdentifierEntity, { where: { kind, code: registryCode(kind, code) } });
  }

  /** Insert an assigned code; false when the code is already in use. */
  async insertAssigned(m: EntityManager, kind: 'upc' | 'isrc', code: string, objectId: number, userId: number, releaseId: number): Promise<boolean> {
    if (await this.taken(m, kind, code)) return false;
    return this.insert(m, { kind, code: registryCode(kind, code), object_id: objectId, user_id: userId, release_id: releaseId, source: 'assigned' });
  }

  private async holder(m: EntityManager, kind: 'upc' | 'isrc', code: string): Promise<IdentifierOwner | null> {
    return m.findOne(AssignedIdentifierEntity, { select: { release_id: true, user_id: true, source: true, object_id: true }, where: { kind, code } });
  }

  /**
   * The holder as committed by another transaction: on MySQL/MariaDB a locking read, FOR UPDATE (MariaDB has no FOR SHARE; a plain read would
   * see this transaction's older snapshot); SQLite runs one transaction at a time, so a plain read.
   */
  private async committedHolder(m: EntityManager, kind: 'upc' | 'isrc', code: string): Promise<IdentifierOwner | null> {
    const type = m.connection.options.type;
    const lock = type === 'mysql' || type === 'mariadb' ? { lock: { mode: 'pessimistic_write' as const } } : {};
    return m.findOne(AssignedIdentifierEntity, { select: { release_id: true, user_id: true, source: true, object_id: true }, where: { kind, code }, ...lock });
  }

  /** false on the unique index's refusal (a concurrent claim of the same code). */
  private async insert(m: EntityManager, row: Omit<AssignedIdentifierEntity, 'id' | 'created_at'>): Promise<boolean> {
    try {
      await m.insert(AssignedIdentifierEntity, { ...row, created_at: new Date() });
      return true;
    } catch (e) {
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  }
}

/** A code as the registry keeps it: a UPC/EAN in its GTIN-14 form, an ISRC compact (issue 38 item 8). */
export const registryCode = (kind: 'upc' | 'isrc', code: string): string => (kind === 'upc' ? gtin14(code) : compactIsrc(code));

/** SQLite's and MySQL/MariaDB's duplicate-key errors. */
function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; driverError?: { code?: string }; message?: string };
  const code = err.driverError?.code ?? err.code ?? '';
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed|Duplicate entry/.test(err.message ?? '');
}
