import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, IsNull } from 'typeorm';
import type { RemoteDeployTokenCreated, RemoteDeployTokenRow } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { RemoteDeployTokenEntity } from '../remote-registry.entities';
import { remoteName } from '../remote-registry.service';

/** Prefix of every deploy token, so a leaked one is recognisable (secret scanners) and never mistaken for a login token. */
export const DEPLOY_TOKEN_PREFIX = 'rdt_';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const view = (t: RemoteDeployTokenEntity): RemoteDeployTokenRow => ({
  id: t.id,
  remote: t.remote,
  name: t.name,
  created_by: t.created_by,
  created_at: new Date(t.created_at).toISOString(),
  revoked_at: t.revoked_at ? new Date(t.revoked_at).toISOString() : null,
  last_used_at: t.last_used_at ? new Date(t.last_used_at).toISOString() : null,
});

/**
 * Deploy tokens scoped to one remote (docs/decisions/021 "Deploy from a team's own CI"): created and
 * revoked by admins; 32 random bytes shown once; only the sha256 is stored, so the table cannot deploy.
 */
@Injectable()
export class DeployTokensService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A new token for `remote` named `name` (for the audit), made by `actor`; the answer holds the token this once. */
  async create(remote: string, name: string, actor: string): Promise<RemoteDeployTokenCreated> {
    const token = `${DEPLOY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const repo = this.db.getRepository(RemoteDeployTokenEntity);
    const row = await repo.save(repo.create({ remote: remoteName(remote), name: name.trim().slice(0, 120), token_hash: sha256(token), created_by: actor.slice(0, 120), created_at: new Date(), revoked_at: null, last_used_at: null }));
    return { ...view(row), token };
  }

  /** Every token, newest first, without the secret. */
  async list(): Promise<RemoteDeployTokenRow[]> {
    return (await this.db.getRepository(RemoteDeployTokenEntity).find({ order: { id: 'DESC' } })).map(view);
  }

  /** Revoke token `id` (idempotent). Throws DomainError 404 for an unknown id. */
  async revoke(id: number): Promise<RemoteDeployTokenRow> {
    const repo = this.db.getRepository(RemoteDeployTokenEntity);
    const row = await repo.findOneBy({ id });
    if (!row) throw new DomainError(404, `There is no deploy token ${id}.`, { code: 'unknown_token' });
    if (!row.revoked_at) {
      row.revoked_at = new Date();
      await repo.update({ id }, { revoked_at: row.revoked_at });
    }
    return view(row);
  }

  /** The live (not revoked) token whose sha256 matches `token`, its last use stamped; null otherwise. */
  async verify(token: string): Promise<RemoteDeployTokenEntity | null> {
    if (!token.startsWith(DEPLOY_TOKEN_PREFIX) || token.length > 200) return null;
    const repo = this.db.getRepository(RemoteDeployTokenEntity);
    const row = await repo.findOneBy({ token_hash: sha256(token), revoked_at: IsNull() });
    if (row) await repo.update({ id: row.id }, { last_used_at: new Date() });
    return row;
  }
}
