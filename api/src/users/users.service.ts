import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { SERVER_MESSAGES, type UserDetails } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import { UserEntity } from './user.entity';

/** Account rows. Other modules use this service, never the repository (CONVENTIONS §1). */
@Injectable()
export class UsersService {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOne({ where: { email: email.trim().toLowerCase() } });
  }
  async getById(id: number): Promise<UserEntity> {
    const user = await this.users.findOne({ where: { id } });
    if (!user) throw DomainError.notFound(SERVER_MESSAGES.notFound);
    return user;
  }
  /** E-mail addresses of these accounts by id (unknown ids are left out), for staff lists. */
  async emailsByIds(ids: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await this.users.find({ select: { id: true, email: true }, where: { id: In(unique) } });
    return new Map(rows.map((u) => [u.id, u.email]));
  }
  async create(fields: Pick<UserEntity, 'name' | 'email' | 'phone' | 'address' | 'password_hash' | 'signup_ip'>): Promise<UserEntity> {
    return this.users.save(this.users.create({ ...fields, email: fields.email.toLowerCase(), email_verified_at: null }));
  }
  async update(id: number, fields: Partial<Omit<UserEntity, 'id'>>): Promise<void> {
    await this.users.update({ id }, fields);
  }

  /**
   * GET /api/getUserDetails body (revenue in USD = the sum of the support ledger, conversionRate USD→INR).
   * One hand-written statement (the user and the ledger sum together) instead of two query-builder
   * queries: this is the most frequent authenticated call (the top bar asks on every page; issue 14).
   */
  async details(id: number): Promise<UserDetails> {
    const rows = (await this.users.query(
      'SELECT u.id, u.name, u.email, u.phone, u.address, u.conversion_rate, (SELECT COALESCE(SUM(l.amount_cents), 0) FROM ledger_entries l WHERE l.user_id = u.id) AS cents FROM users u WHERE u.id = ?',
      [id],
    )) as Array<{ id: number; name: string; email: string; phone: string; address: string; conversion_rate: string | number; cents: string | number | null }>;
    const u = rows[0];
    if (!u) throw DomainError.notFound(SERVER_MESSAGES.notFound);
    return { user_id: Number(u.id), name: u.name, email: u.email, phone: u.phone, address: u.address, revenue: Number(u.cents ?? 0) / 100, conversionRate: Number(u.conversion_rate) };
  }

  /** Whether the user is flagged revoked (core §6: revoked 1 blocks release creation). */
  async isRevoked(id: number): Promise<boolean> {
    return (await this.getById(id)).revoked === 1;
  }
}
