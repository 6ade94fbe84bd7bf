import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Secret, TOTP } from 'otpauth';
import * as QRCode from 'qrcode';
import { OPS_LIMITS as L, OPS_MESSAGES as M, STAFF_ROLES, hasStaffRole, type OpsStaffRow, type StaffRole, type StaffSession, type TotpEnrolment } from '@portal/contracts';
import { SharedCounters } from '../redis/shared-counters';
import { DomainError } from '../common/domain-error';
import type { AuthUser } from '../common/request-context';
import { UsersService } from '../users/users.service';
import { AuditService, type Actor } from '../audit/audit.service';
import { StaffRoleEntity, StaffSessionFactorEntity, StaffTotpEntity } from './staff.entities';
import { Transactions } from '../database/transactions';

const ISSUER = 'Artist Portal Ops';

/**
 * Staff accounts (docs/decisions/008): roles in `staff_roles`, the TOTP secret of each staff member (RFC 6238
 * via otpauth), and which login sessions passed the second factor. Admins manage staff in the
 * console (list, add, change roles, remove, reset TOTP); the CLI `staff` command stays for the first
 * admin (docs/decisions/016). A revoked account is never staff: its console sessions are ended when
 * it is revoked and no console call or second factor passes while it stays revoked.
 */
@Injectable()
export class StaffService {
  constructor(
    @InjectRepository(StaffRoleEntity) private readonly roles: Repository<StaffRoleEntity>,
    @InjectRepository(StaffTotpEntity) private readonly totps: Repository<StaffTotpEntity>,
    @InjectRepository(StaffSessionFactorEntity) private readonly factors: Repository<StaffSessionFactorEntity>,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly counters: SharedCounters,
    private readonly transactions: Transactions,
  ) {}

  /** User ids of everyone holding `role` (e.g. the admins a remote's automatic rollback notifies, docs/decisions/021). */
  async holdersOf(role: StaffRole): Promise<number[]> {
    return [...new Set((await this.roles.find({ where: { role } })).map((r) => r.user_id))];
  }

  async rolesOf(userId: number): Promise<StaffRole[]> {
    return (await this.roles.find({ where: { user_id: userId }, order: { role: 'ASC' } })).map((r) => r.role as StaffRole);
  }

  /**
   * Whether this session may use a console call that needs `role`: the role held, the account not
   * revoked, and TOTP passed in this session. Read from the database on every call, so a revoke, a
   * removal or a TOTP reset takes effect on the next request.
   */
  async allows(user: AuthUser, role: StaffRole): Promise<boolean> {
    if (user.kind !== 'login') return false;
    if (!hasStaffRole(await this.rolesOf(user.id), role)) return false;
    if (await this.users.isRevoked(user.id)) return false;
    return this.factors.exists({ where: { session_id: user.sessionId, user_id: user.id } });
  }

  /** A revoked account is answered as not staff (no console link, no console). */
  async session(user: AuthUser): Promise<StaffSession> {
    const roles = await this.rolesOf(user.id);
    if (!roles.length || (await this.users.isRevoked(user.id))) return { staff: false, roles: [], totp_enrolled: false, totp_verified: false };
    const totp = await this.totps.findOne({ where: { user_id: user.id } });
    const verified = await this.factors.exists({ where: { session_id: user.sessionId, user_id: user.id } });
    return { staff: true, roles, totp_enrolled: !!totp?.confirmed_at, totp_verified: verified };
  }

  /** A new secret until the first valid code confirms one; 409 after that (a lost device is reset by the CLI). */
  async enrol(user: AuthUser): Promise<TotpEnrolment> {
    await this.assertStaff(user.id);
    const existing = await this.totps.findOne({ where: { user_id: user.id } });
    if (existing?.confirmed_at) throw DomainError.conflict(M.totpAlreadyEnrolled, 'totp_enrolled');
    const secret = new Secret({ size: 20 });
    await this.totps.save({ user_id: user.id, secret: secret.base32, confirmed_at: null, last_counter: 0 });
    const email = (await this.users.getById(user.id)).email;
    const uri = this.totp(secret.base32, email).toString();
    return { otpauth_uri: uri, qr_data_url: await QRCode.toDataURL(uri, { margin: 1, width: 220 }), secret: secret.base32 };
  }

  /** Check a code (±1 period, each code once), confirm the enrolment, mark this session as passed. 400 totpInvalid. */
  async verify(user: AuthUser, code: string): Promise<StaffSession> {
    await this.assertStaff(user.id);
    const row = await this.totps.findOne({ where: { user_id: user.id } });
    if (!row) throw DomainError.badRequest(M.totpNotEnrolled, 'totp_not_enrolled');
    await this.assertNotLocked(user.id);
    const email = (await this.users.getById(user.id)).email;
    const delta = this.totp(row.secret, email).validate({ token: code, window: L.totpWindow });
    const counter = Math.floor(Date.now() / 1000 / L.totpPeriodSeconds) + (delta ?? 0);
    if (delta === null || counter <= row.last_counter) {
      await this.recordFailure(user.id);
      throw DomainError.badRequest(M.totpInvalid, 'totp_invalid');
    }
    // Conditional on the last counter, so two requests with one code cannot both pass.
    const res = await this.totps
      .createQueryBuilder()
      .update(StaffTotpEntity)
      .set({ last_counter: counter, confirmed_at: row.confirmed_at ?? new Date() })
      .where('user_id = :id AND last_counter = :last', { id: user.id, last: row.last_counter })
      .execute();
    if (!res.affected) throw DomainError.badRequest(M.totpInvalid, 'totp_invalid');
    await this.factors.save({ session_id: user.sessionId, user_id: user.id, verified_at: new Date() });
    if (!row.confirmed_at) await this.audit.record({ userId: user.id, email }, 'staff.totp_enrolled', 'user', user.id, null, { confirmed: true });
    return this.session(user);
  }

  /**
   * Brute force of the 6-digit code: after totpMaxFailures wrong codes in the window, 429 until it
   * passes. Wrong codes are counted in SharedCounters (every API instance together with REDIS_URL).
   */
  private async assertNotLocked(userId: number): Promise<void> {
    const { hits } = await this.counters.window(`totp-failure:${userId}`, L.totpFailureWindowSeconds * 1000);
    if (hits.length >= L.totpMaxFailures) {
      const retry = Math.ceil((hits[0]! + L.totpFailureWindowSeconds * 1000 - Date.now()) / 1000);
      throw new DomainError(429, M.totpLocked, { code: 'totp_locked', headers: { 'Retry-After': String(Math.max(1, retry)) } });
    }
  }

  private recordFailure(userId: number): Promise<void> {
    return this.counters.record(`totp-failure:${userId}`);
  }

  /** Every staff member, by e-mail (GET ops/staff). */
  async list(callerId: number | null = null): Promise<OpsStaffRow[]> {
    const ids = [...new Set((await this.roles.find({ select: { user_id: true } })).map((r) => r.user_id))];
    const rows = await Promise.all(ids.map((id) => this.row(id, callerId)));
    return rows.sort((a, b) => a.email.localeCompare(b.email));
  }

  /** One staff member's row. 404 staffNotFound when the user holds no role. */
  async row(userId: number, callerId: number | null = null): Promise<OpsStaffRow> {
    const roles = await this.rolesOf(userId);
    if (!roles.length) throw DomainError.notFound(M.staffNotFound);
    const user = await this.users.getById(userId);
    const totp = await this.totps.findOne({ where: { user_id: userId } });
    return { user_id: userId, email: user.email, name: user.name, roles, totp_enrolled: !!totp?.confirmed_at, revoked: user.revoked === 1, you: userId === callerId };
  }

  /**
   * CLI `staff add EMAIL ROLE` and POST ops/staff/add: a verified user account gets the role (kept
   * when held). 400 staffRoleInvalid, staffNoAccount; 403 staffSelf from the console. Audited.
   */
  async add(email: string, role: string, actor: Actor): Promise<StaffRole[]> {
    if (!(STAFF_ROLES as readonly string[]).includes(role)) throw DomainError.badRequest(M.staffRoleInvalid);
    const user = await this.users.findByEmail(email.trim().toLowerCase());
    if (!user || !user.email_verified_at) throw DomainError.badRequest(M.staffNoAccount, 'no_account');
    this.assertNotSelf(user.id, actor);
    const before = await this.rolesOf(user.id);
    if (!before.includes(role as StaffRole)) await this.roles.insert({ user_id: user.id, role, created_at: new Date() });
    const after = await this.rolesOf(user.id);
    await this.audit.record(actor, 'staff.add', 'user', user.id, { roles: before }, { roles: after });
    return after;
  }

  /** POST ops/staff/add: as `add`, answering the member's row. */
  async addByConsole(email: string, role: string, actor: Actor): Promise<OpsStaffRow> {
    await this.add(email, role, actor);
    return this.row((await this.users.findByEmail(email.trim().toLowerCase()))!.id);
  }

  /**
   * POST ops/staff/roles: replace the roles. A lost role takes effect on the next request (roles are
   * read per call). 404 staffNotFound; 403 staffSelf (so the console never leaves itself without the caller as admin). Audited with before and after.
   */
  async setRoles(userId: number, roles: string[], actor: Actor): Promise<OpsStaffRow> {
    const wanted = [...new Set(roles)].filter((r): r is StaffRole => (STAFF_ROLES as readonly string[]).includes(r)).sort();
    if (!wanted.length) throw DomainError.badRequest(M.staffRoleInvalid);
    this.assertNotSelf(userId, actor);
    const before = await this.rolesOf(userId);
    if (!before.length) throw DomainError.notFound(M.staffNotFound);
    await this.transactions.run(async (m) => {
      await m.delete(StaffRoleEntity, { user_id: userId });
      await m.insert(StaffRoleEntity, wanted.map((role) => ({ user_id: userId, role, created_at: new Date() })));
      await this.audit.record(actor, 'staff.roles', 'user', userId, { roles: before }, { roles: wanted }, m);
    });
    return this.row(userId);
  }

  /** CLI `staff remove EMAIL`: every role, the TOTP secret and the passed sessions go. Audited. */
  async remove(email: string, actor: Actor): Promise<void> {
    const user = await this.users.findByEmail(email.trim().toLowerCase());
    if (!user) throw DomainError.notFound(M.userNotFound);
    await this.removeById(user.id, actor, false);
  }

  /**
   * POST ops/staff/remove (and the CLI): roles, TOTP secret and the passed console sessions go in one
   * transaction, so the member's next console call is refused. 404 staffNotFound; 403 staffSelf.
   */
  async removeById(userId: number, actor: Actor, mustBeStaff = true): Promise<void> {
    this.assertNotSelf(userId, actor);
    const before = await this.rolesOf(userId);
    if (!before.length && mustBeStaff) throw DomainError.notFound(M.staffNotFound);
    await this.transactions.run(async (m) => {
      await m.delete(StaffRoleEntity, { user_id: userId });
      await m.delete(StaffTotpEntity, { user_id: userId });
      const ended = await m.delete(StaffSessionFactorEntity, { user_id: userId });
      await this.audit.record(actor, 'staff.remove', 'user', userId, { roles: before }, { roles: [], console_sessions_ended: ended.affected ?? 0 }, m);
    });
  }

  /**
   * POST ops/staff/reset-totp: the TOTP secret and the passed console sessions go; the member enrols
   * again (new QR code) at the next console visit. 404 staffNotFound; 403 staffSelf. Audited.
   */
  async resetTotp(userId: number, actor: Actor): Promise<OpsStaffRow> {
    this.assertNotSelf(userId, actor);
    const roles = await this.rolesOf(userId);
    if (!roles.length) throw DomainError.notFound(M.staffNotFound);
    await this.transactions.run(async (m) => {
      const had = await m.exists(StaffTotpEntity, { where: { user_id: userId } });
      await m.delete(StaffTotpEntity, { user_id: userId });
      const ended = await m.delete(StaffSessionFactorEntity, { user_id: userId });
      await this.audit.record(actor, 'staff.totp_reset', 'user', userId, { totp: had }, { totp: false, console_sessions_ended: ended.affected ?? 0 }, m);
    });
    return this.row(userId);
  }

  /** End every console session of a user at once (their passed second factors); answers how many. Used by revoke. */
  async endConsoleSessions(userId: number): Promise<number> {
    return (await this.factors.delete({ user_id: userId })).affected ?? 0;
  }

  /** 403 staffSelf: an admin's own access is changed by another admin (the CLI, actor without id, may). */
  assertNotSelf(userId: number, actor: Actor): void {
    if (actor.userId !== null && actor.userId === userId) throw new DomainError(403, M.staffSelf, { code: 'staff_self' });
  }


  /** The actor of a console call (for audit rows). */
  async actor(user: AuthUser): Promise<Actor> {
    return { userId: user.id, email: (await this.users.getById(user.id)).email };
  }

  /** 403 notStaff for a user without a role, and for a revoked one (a revoked account cannot pass the second factor). */
  private async assertStaff(userId: number): Promise<void> {
    if (!(await this.roles.exists({ where: { user_id: userId } }))) throw DomainError.forbidden(M.notStaff);
    if (await this.users.isRevoked(userId)) throw DomainError.forbidden(M.notStaff);
  }

  private totp(secret: string, label: string): TOTP {
    return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: L.totpDigits, period: L.totpPeriodSeconds, secret: Secret.fromBase32(secret) });
  }
}
