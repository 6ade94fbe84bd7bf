import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, Repository, type EntityManager } from 'typeorm';
import { SERVER_MESSAGES, type UserDetails } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import { hotRead } from '../database/hot-read';
import { UserEntity } from './user.entity';
import { toUser, type NewUser, type User } from './user';

/**
 * Account rows. Other modules use this service, never the repository or the `users` table (docs/conventions.md §1,
 * docs/decisions/033); it answers `User` objects, never the entity (no `password_hash` leaves the module).
 */
@Injectable()
export class UsersService {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  /** The account of `email` (trimmed, case-insensitive), or null. */
  async findByEmail(email: string): Promise<User | null> {
    const user = await this.users.findOne({ where: { email: email.trim().toLowerCase() } });
    return user && toUser(user);
  }
  /** The account with `id`; 404 notFound when there is none. */
  async getById(id: number): Promise<User> {
    const user = await this.users.findOne({ where: { id } });
    if (!user) throw DomainError.notFound(SERVER_MESSAGES.notFound);
    return toUser(user);
  }
  /** The account with `id`, or null. */
  async findById(id: number): Promise<User | null> {
    const user = await this.users.findOne({ where: { id } });
    return user && toUser(user);
  }

  /**
   * For a password check (auth's login): the account of `email` (trimmed, case-insensitive) and its
   * argon2 hash, or null. The only way besides `passwordHashOf` a hash leaves this module.
   */
  async credentialsByEmail(email: string): Promise<{ user: User; passwordHash: string } | null> {
    const user = await this.users.findOne({ where: { email: email.trim().toLowerCase() } });
    return user && { user: toUser(user), passwordHash: user.password_hash };
  }

  /** The argon2 hash of account `id` for a password check (auth's step-up); 404 notFound when there is none. */
  async passwordHashOf(id: number): Promise<string> {
    const user = await this.users.findOne({ where: { id }, select: { id: true, password_hash: true } });
    if (!user) throw DomainError.notFound(SERVER_MESSAGES.notFound);
    return user.password_hash;
  }

  /** Replace the argon2 hash of account `id` (a password change or reset; the caller hashed it). */
  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.users.update({ id }, { password_hash: passwordHash });
  }

  /** The names of the accounts in `ids` (an unknown id is absent from the map); one query, in `m` when given. */
  async namesById(ids: number[], m?: EntityManager): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await (m ?? this.users.manager).find(UserEntity, { select: { id: true, name: true }, where: { id: In([...new Set(ids)]) } });
    return new Map(rows.map((u) => [Number(u.id), u.name]));
  }

  /**
   * Inside the caller's transaction `m`: lock the rows of accounts `ids` until it ends (MySQL/MariaDB
   * `SELECT … FOR UPDATE`, in id order so two lockers never deadlock), so money operations of one user
   * wait for each other. On SQLite nothing is locked: its transactions run one at a time already.
   */
  async lockForUpdate(m: EntityManager, ids: number[]): Promise<void> {
    const type = m.connection.options.type;
    if ((type !== 'mysql' && type !== 'mariadb') || !ids.length) return;
    const unique = [...new Set(ids)];
    await m.query(`SELECT id FROM users WHERE id IN (${unique.map(() => '?').join(',')}) ORDER BY id FOR UPDATE`, unique);
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
  async search(q: string, limit: number, offset: number): Promise<{ rows: User[]; total: number }> {
    const qb = this.users.createQueryBuilder('u');
    if (q.trim()) {
      // '!' escapes LIKE wildcards the same way on SQLite and MySQL (a backslash is itself an escape in MySQL literals).
      const like = `%${q.trim().toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
      qb.where(new Brackets((w) => w.where("LOWER(u.name) LIKE :like ESCAPE '!'", { like }).orWhere("LOWER(u.email) LIKE :like ESCAPE '!'", { like })));
    }
    const [rows, total] = await qb.orderBy('u.id', 'DESC').take(limit).skip(offset).getManyAndCount();
    return { rows: rows.map(toUser), total };
  }

  /**
   * Inside the caller's transaction `m`: create a verified account (e-mail lower-cased, verified now),
   * or answer null when the e-mail already has one (the caller refuses with its own message).
   */
  async createVerified(m: EntityManager, fields: NewUser): Promise<User | null> {
    const email = fields.email.toLowerCase();
    if (await m.exists(UserEntity, { where: { email } })) return null;
    return toUser(await m.save(m.create(UserEntity, { ...fields, email, email_verified_at: new Date() })));
  }

  /** Create an unverified account (e-mail lower-cased). */
  async create(fields: NewUser): Promise<User> {
    return toUser(await this.users.save(this.users.create({ ...fields, email: fields.email.toLowerCase(), email_verified_at: null })));
  }
  /** Change columns of account `id` (not its password: setPasswordHash). */
  async update(id: number, fields: Partial<Omit<User, 'id'>>): Promise<void> {
    await this.users.update({ id }, fields);
  }

  /**
   * The account part of GET /api/getUserDetails (core §3 User): everything but `revenue`, which is the
   * money ledger's (the support module's ProfileService adds it). 404 for an unknown id.
   */
  async account(id: number): Promise<Omit<UserDetails, 'revenue'>> {
    // Hot path (every page's first request, docs/decisions/010 and 042): one parameterised read of this module's
    // own table, without the query builder a repository `findOne` assembles on each call, and on SQLite
    // without TypeORM's query runner either (hotRead).
    const rows = await hotRead<{
      id: number | string;
      name: string;
      email: string;
      phone: string;
      address: string;
      conversion_rate: number | string;
    }>(this.users.manager, 'SELECT id, name, email, phone, address, conversion_rate FROM users WHERE id = ?', [id]);
    const u = rows[0];
    if (!u) throw DomainError.notFound(SERVER_MESSAGES.notFound);
    return { user_id: Number(u.id), name: u.name, email: u.email, phone: u.phone, address: u.address, conversionRate: Number(u.conversion_rate) };
  }

  /** Whether the user is flagged revoked (core §6: revoked 1 blocks release creation). */
  async isRevoked(id: number): Promise<boolean> {
    return (await this.getById(id)).revoked === 1;
  }
}
