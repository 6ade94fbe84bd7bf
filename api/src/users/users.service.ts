import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, Repository, type EntityManager } from 'typeorm';
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
  /** The account with `id`, or null. */
  findById(id: number): Promise<UserEntity | null> {
    return this.users.findOne({ where: { id } });
  }

  /** The e-mails of the accounts in `ids` (an unknown id is absent from the map); one query. */
  async emailsById(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.users.find({ select: { id: true, email: true }, where: { id: In([...new Set(ids)]) } });
    return new Map(rows.map((u) => [u.id, u.email]));
  }

  /**
   * Accounts whose name or e-mail contains `q` (case-insensitive; every account when `q` is blank),
   * newest first, `limit` from `offset`, with the total (the console's user search).
   */
  async search(q: string, limit: number, offset: number): Promise<{ rows: UserEntity[]; total: number }> {
    const qb = this.users.createQueryBuilder('u');
    if (q.trim()) {
      // '!' escapes LIKE wildcards the same way on SQLite and MySQL (a backslash is itself an escape in MySQL literals).
      const like = `%${q.trim().toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
      qb.where(new Brackets((w) => w.where("LOWER(u.name) LIKE :like ESCAPE '!'", { like }).orWhere("LOWER(u.email) LIKE :like ESCAPE '!'", { like })));
    }
    const [rows, total] = await qb.orderBy('u.id', 'DESC').take(limit).skip(offset).getManyAndCount();
    return { rows, total };
  }

  /**
   * Inside the caller's transaction `m`: create a verified account (e-mail lower-cased, verified now),
   * or answer null when the e-mail already has one (the caller refuses with its own message).
   */
  async createVerified(m: EntityManager, fields: Pick<UserEntity, 'name' | 'email' | 'phone' | 'address' | 'password_hash' | 'signup_ip'>): Promise<UserEntity | null> {
    const email = fields.email.toLowerCase();
    if (await m.exists(UserEntity, { where: { email } })) return null;
    return m.save(m.create(UserEntity, { ...fields, email, email_verified_at: new Date() }));
  }

  async create(fields: Pick<UserEntity, 'name' | 'email' | 'phone' | 'address' | 'password_hash' | 'signup_ip'>): Promise<UserEntity> {
    return this.users.save(this.users.create({ ...fields, email: fields.email.toLowerCase(), email_verified_at: null }));
  }
  async update(id: number, fields: Partial<Omit<UserEntity, 'id'>>): Promise<void> {
    await this.users.update({ id }, fields);
  }

  /**
   * The account part of GET /api/getUserDetails (core §3 User): everything but `revenue`, which is the
   * money ledger's (the support module's ProfileService adds it). 404 for an unknown id.
   */
  async account(id: number): Promise<Omit<UserDetails, 'revenue'>> {
    const u = await this.users.findOne({ where: { id }, select: { id: true, name: true, email: true, phone: true, address: true, conversion_rate: true } });
    if (!u) throw DomainError.notFound(SERVER_MESSAGES.notFound);
    return { user_id: Number(u.id), name: u.name, email: u.email, phone: u.phone, address: u.address, conversionRate: Number(u.conversion_rate) };
  }

  /** Whether the user is flagged revoked (core §6: revoked 1 blocks release creation). */
  async isRevoked(id: number): Promise<boolean> {
    return (await this.getById(id)).revoked === 1;
  }
}
