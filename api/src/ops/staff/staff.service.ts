import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Secret, TOTP } from 'otpauth';
import * as QRCode from 'qrcode';
import { OPS_LIMITS as L, OPS_MESSAGES as M, STAFF_ROLES, hasStaffRole, type StaffRole, type StaffSession, type TotpEnrolment } from '@portal/contracts';
import { SharedCounters } from '../../redis/shared-counters';
import { DomainError } from '../../common/domain-error';
import type { AuthUser } from '../../common/request-context';
import { UsersService } from '../../users/users.service';
import { AuditService, type Actor } from '../audit/audit.service';
import { StaffRoleEntity, StaffSessionFactorEntity, StaffTotpEntity } from '../ops.entities';

const ISSUER = 'Artist Portal Ops';

/**
 * Staff accounts (issue 11): roles in `staff_roles` (made only by the operator CLI), the TOTP secret
 * of each staff member (RFC 6238 via otpauth), and which login sessions passed the second factor.
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
  ) {}

  async rolesOf(userId: number): Promise<StaffRole[]> {
    return (await this.roles.find({ where: { user_id: userId }, order: { role: 'ASC' } })).map((r) => r.role as StaffRole);
  }

  /** Whether this session may use a console call that needs `role`: the role held and TOTP passed in this session. */
  async allows(user: AuthUser, role: StaffRole): Promise<boolean> {
    if (user.kind !== 'login') return false;
    if (!hasStaffRole(await this.rolesOf(user.id), role)) return false;
    return this.factors.exists({ where: { session_id: user.sessionId, user_id: user.id } });
  }

  async session(user: AuthUser): Promise<StaffSession> {
    const roles = await this.rolesOf(user.id);
    if (!roles.length) return { staff: false, roles: [], totp_enrolled: false, totp_verified: false };
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

  /** CLI `staff add EMAIL ROLE`: a verified user account gets the role. */
  async add(email: string, role: string, actor: Actor): Promise<StaffRole[]> {
    if (!(STAFF_ROLES as readonly string[]).includes(role)) throw new Error(`role must be one of ${STAFF_ROLES.join(', ')}`);
    const user = await this.users.findByEmail(email);
    if (!user || !user.email_verified_at) throw new Error(`no verified user ${email}`);
    const before = await this.rolesOf(user.id);
    if (!before.includes(role as StaffRole)) await this.roles.insert({ user_id: user.id, role, created_at: new Date() });
    const after = await this.rolesOf(user.id);
    await this.audit.record(actor, 'staff.add', 'user', user.id, { roles: before }, { roles: after });
    return after;
  }

  /** CLI `staff remove EMAIL`: every role, the TOTP secret and the passed sessions go. */
  async remove(email: string, actor: Actor): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) throw new Error(`no user ${email}`);
    const before = await this.rolesOf(user.id);
    await this.roles.delete({ user_id: user.id });
    await this.totps.delete({ user_id: user.id });
    await this.factors.delete({ user_id: user.id });
    await this.audit.record(actor, 'staff.remove', 'user', user.id, { roles: before }, { roles: [] });
  }

  /** The actor of a console call (for audit rows). */
  async actor(user: AuthUser): Promise<Actor> {
    return { userId: user.id, email: (await this.users.getById(user.id)).email };
  }

  private async assertStaff(userId: number): Promise<void> {
    if (!(await this.roles.exists({ where: { user_id: userId } }))) throw DomainError.forbidden(M.notStaff);
  }

  private totp(secret: string, label: string): TOTP {
    return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: L.totpDigits, period: L.totpPeriodSeconds, secret: Secret.fromBase32(secret) });
  }
}
