// altcha-lib ships its CommonJS build behind package "exports" that TypeScript's node10 resolution
// cannot see, so it is required here with the few types this module uses.
/* eslint-disable @typescript-eslint/no-require-imports -- altcha-lib hides its CommonJS build from node10 resolution */
export type AltchaChallenge = { parameters: { nonce: string; data?: Record<string, unknown> } & Record<string, unknown>; signature?: string };
export type AltchaSolution = Record<string, unknown>;
type DeriveKey = (...args: never[]) => unknown;
type AltchaLib = {
  createChallenge(o: Record<string, unknown>): Promise<AltchaChallenge>;
  solveChallenge(o: { challenge: AltchaChallenge; deriveKey: DeriveKey; timeout?: number }): Promise<AltchaSolution | null>;
  randomInt(min: number, max: number): number;
};
type VerifyResult = { error: string | null; payload: { challenge: AltchaChallenge; solution: AltchaSolution } | null };
type SharedLib = { verify(payload: string, deriveKey: DeriveKey, hmacSecret: string, hmacKeySecret?: string): Promise<VerifyResult> };

export const altcha = require('altcha-lib') as AltchaLib;
export const { deriveKey } = require('altcha-lib/algorithms/pbkdf2') as { deriveKey: DeriveKey };
export const { verify: verifyAltchaPayload } = require('altcha-lib/frameworks/shared') as SharedLib;
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
