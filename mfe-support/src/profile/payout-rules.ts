import { CLIENT_CODE_PREFIX, SUPPORT_LIMITS, type BankDetails } from '@portal/contracts';

/**
 * "Request Payout" is enabled only when every bank field but other_details is filled (areas §5); for
 * IBAN and PayPal details (docs/decisions/027-international-payouts.md) every field of that method.
 */
export function canRequestPayout(bank: BankDetails | null): boolean {
  if (!bank) return false;
  const fields =
    bank.payout_method === 'iban'
      ? [bank.bank_name, bank.holder_name, bank.iban, bank.bic]
      : bank.payout_method === 'paypal'
        ? [bank.holder_name, bank.paypal_email]
        : [bank.bank_name, bank.ifsc_code, bank.branch_name, bank.account_number, bank.pan, bank.holder_name];
  return fields.every((v) => typeof v === 'string' && v.trim() !== '');
}

/**
 * What "Withdraw" (no bank details yet) does (areas §4): with a balance of 100 USD or more, open the
 * bank details form; otherwise refuse with "Minimum withdrawal amount is $100". `revenueUsd` in USD.
 */
export function withdrawAction(revenueUsd: number): 'bank-form' | 'minimum' {
  return Math.round(revenueUsd * 100) >= SUPPORT_LIMITS.minWithdrawalCents ? 'bank-form' : 'minimum';
}

/** "FR-US-" followed by the user id (areas §2, §9). */
export const clientCode = (userId: number) => `${CLIENT_CODE_PREFIX}${userId}`;

/** A fresh Idempotency-Key for one payout confirmation (a double click sends the same key). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  return c?.randomUUID ? c.randomUUID() : `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
