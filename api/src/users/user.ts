import type { UserEntity } from './user.entity';

/**
 * An account as the users module hands it to other modules (docs/decisions/033): a plain object with
 * every column of `users` but `password_hash`, which only the users module reads (auth checks a password
 * through `UsersService.credentialsByEmail` / `passwordHashOf`). Dates are `Date`s, money is a number.
 */
export type User = Omit<UserEntity, 'password_hash'>;

/** The fields a new account is created with (the argon2 `password_hash` goes in, it never comes out). */
export type NewUser = Pick<UserEntity, 'name' | 'email' | 'phone' | 'address' | 'password_hash' | 'signup_ip'>;

/** The domain copy of a row: every column but `password_hash`. */
export function toUser(e: UserEntity): User {
  return {
    id: e.id,
    name: e.name,
    email: e.email,
    phone: e.phone,
    address: e.address,
    signup_ip: e.signup_ip,
    email_verified_at: e.email_verified_at,
    revoked: e.revoked,
    revenue_usd: e.revenue_usd,
    conversion_rate: e.conversion_rate,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}
