import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, FindOptionsWhere, Repository } from 'typeorm';
import type { AuditRow } from '@portal/contracts';
import { OpsAuditEntity } from './audit.entity';

/** Who did a staff action: a console user, or the operator CLI (`actor_user_id` null). */
export type Actor = { userId: number | null; email: string };
export const CLI_ACTOR: Actor = { userId: null, email: 'cli' };

export type AuditFilter = { action?: string; object_type?: string; object_id?: string; actor?: string; limit: number; offset: number };

/**
 * The audit of staff actions (decision 008): one row per action, written in the action's transaction when
 * there is one. Its own module (decision 024) so the areas' operator commands record actions without
 * importing the operations console.
 */
@Injectable()
export class AuditService {
  constructor(@InjectRepository(OpsAuditEntity) private readonly rows: Repository<OpsAuditEntity>) {}

  async record(actor: Actor, action: string, objectType: string, objectId: number | string, before: unknown, after: unknown, m?: EntityManager): Promise<void> {
    const row = {
      actor_user_id: actor.userId,
      actor_email: actor.email,
      action,
      object_type: objectType,
      object_id: String(objectId),
      // No state (before an add, after a removal) is a NULL column, not the JSON text "null".
      before_json: before === undefined || before === null ? null : JSON.stringify(before),
      after_json: after === undefined || after === null ? null : JSON.stringify(after),
      created_at: new Date(),
    };
    await (m ? m.insert(OpsAuditEntity, row) : this.rows.insert(row));
  }

  /** Newest first, exact-match filters. */
  async list(f: AuditFilter): Promise<{ rows: AuditRow[]; total: number }> {
    const where: FindOptionsWhere<OpsAuditEntity> = {};
    if (f.action) where.action = f.action;
    if (f.object_type) where.object_type = f.object_type;
    if (f.object_id) where.object_id = f.object_id;
    if (f.actor) where.actor_email = f.actor.toLowerCase();
    const [rows, total] = await this.rows.findAndCount({ where, order: { id: 'DESC' }, take: f.limit, skip: f.offset });
    return {
      rows: rows.map((r) => ({
        id: r.id,
        actor_email: r.actor_email,
        action: r.action,
        object_type: r.object_type,
        object_id: r.object_id,
        before: r.before_json,
        after: r.after_json,
        created_at: new Date(r.created_at).toISOString(),
      })),
      total,
    };
  }
}
