import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { compactIsrc, fillMessage, OPS_MESSAGES, RELEASE_MESSAGES as M } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { AssignedIdentifierEntity } from '../ops.entities';

/** The holder of a code in the registry. */
export type IdentifierOwner = { release_id: number | null; user_id: number; source: 'assigned' | 'entered' };

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
 */
@Injectable()
export class IdentifierRegistryService {
  /** Claim an artist-entered UPC for `releaseId` (idempotent for the same release). 400 upcInUse. */
  async claimUpc(m: EntityManager, code: string, userId: number, releaseId: number): Promise<void> {
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
   * At approval: the entered codes must still be this release's and this owner's (a legacy duplicate
   * registered for another holder by the migration is refused, 409 with the holder's release id).
   */
  async confirmForApproval(m: EntityManager, kind: 'upc' | 'isrc', code: string, userId: number, releaseId: number, trackId: number): Promise<void> {
    const c = kind === 'isrc' ? compactIsrc(code) : code;
    const held = await this.holder(m, kind, c);
    const ours = held && (kind === 'upc' ? held.release_id === releaseId : held.user_id === userId);
    if (ours) return;
    if (!held && (await this.insert(m, { kind, code: c, object_id: kind === 'upc' ? releaseId : trackId, user_id: userId, release_id: releaseId, source: 'entered' }))) return;
    const other = held ?? (await this.holder(m, kind, c));
    throw new DomainError(409, fillMessage(OPS_MESSAGES.identifierTaken, { kind: kind.toUpperCase(), code: c, release_id: String(other?.release_id ?? '?') }), { code: `${kind}_in_use` });
  }

  /** Give back an entered UPC of an editable release that no longer carries it (assigned codes are kept forever). */
  async releaseUpc(m: EntityManager, code: string, releaseId: number): Promise<void> {
    if (!code) return;
    await m.delete(AssignedIdentifierEntity, { kind: 'upc', code, release_id: releaseId, source: 'entered' });
  }

  /** Give back an entered ISRC none of the owner's tracks carries any more (the caller checks that). */
  async releaseIsrc(m: EntityManager, isrc: string, userId: number): Promise<void> {
    if (!isrc) return;
    await m.delete(AssignedIdentifierEntity, { kind: 'isrc', code: compactIsrc(isrc), user_id: userId, source: 'entered' });
  }

  /** Whether a code is in the registry (the approval's number assignment skips it). */
  async taken(m: EntityManager, kind: 'upc' | 'isrc', code: string): Promise<boolean> {
    return m.exists(AssignedIdentifierEntity, { where: { kind, code } });
  }

  /** Insert an assigned code; false when the code is already in use. */
  async insertAssigned(m: EntityManager, kind: 'upc' | 'isrc', code: string, objectId: number, userId: number, releaseId: number): Promise<boolean> {
    if (await this.taken(m, kind, code)) return false;
    return this.insert(m, { kind, code, object_id: objectId, user_id: userId, release_id: releaseId, source: 'assigned' });
  }

  private async holder(m: EntityManager, kind: 'upc' | 'isrc', code: string): Promise<IdentifierOwner | null> {
    return m.findOne(AssignedIdentifierEntity, { select: { release_id: true, user_id: true, source: true }, where: { kind, code } });
  }

  /**
   * The holder as committed by another transaction: on MySQL/MariaDB a locking read, FOR UPDATE (MariaDB has no FOR SHARE; a plain read would
   * see this transaction's older snapshot); SQLite runs one transaction at a time, so a plain read.
   */
  private async committedHolder(m: EntityManager, kind: 'upc' | 'isrc', code: string): Promise<IdentifierOwner | null> {
    const type = m.connection.options.type;
    const lock = type === 'mysql' || type === 'mariadb' ? { lock: { mode: 'pessimistic_write' as const } } : {};
    return m.findOne(AssignedIdentifierEntity, { select: { release_id: true, user_id: true, source: true }, where: { kind, code }, ...lock });
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

/** SQLite's and MySQL/MariaDB's duplicate-key errors. */
function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; driverError?: { code?: string }; message?: string };
  const code = err.driverError?.code ?? err.code ?? '';
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed|Duplicate entry/.test(err.message ?? '');
}
