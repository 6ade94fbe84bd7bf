import type { BankDetails } from '@portal/contracts';
import { canRequestPayout, clientCode, newIdempotencyKey, withdrawAction } from './payout-rules';

const bank: BankDetails = { bank_name: 'HDFC', holder_name: 'Asha', account_number: 'XXXX5678', ifsc_code: 'HDFC0001234', branch_name: 'Pune', pan: 'ABCDE1234F', other_details: '', country: 'IN', payout_method: 'bank_in', iban: '', bic: '', paypal_email: '', updated_at: 0 };

describe('payout rules (areas §2, §4, §5)', () => {
  it('enables Request Payout only with every field but other details', () => {
    expect(canRequestPayout(bank)).toBe(true);
    expect(canRequestPayout({ ...bank, branch_name: ' ' })).toBe(false);
    expect(canRequestPayout(null)).toBe(false);
  });
  it('IBAN and PayPal details need the fields of their method only (docs/decisions/027)', () => {
    const iban: BankDetails = { ...bank, country: 'DE', payout_method: 'iban', ifsc_code: '', branch_name: '', account_number: '', pan: '', iban: 'XXXXXXXXXXXXXXXXXX3000', bic: 'COBADEFFXXX' };
    expect(canRequestPayout(iban)).toBe(true);
    expect(canRequestPayout({ ...iban, bic: '' })).toBe(false);
    const paypal: BankDetails = { ...iban, payout_method: 'paypal', bank_name: '', iban: '', bic: '', paypal_email: 'sam@example.com' };
    expect(canRequestPayout(paypal)).toBe(true);
    expect(canRequestPayout({ ...paypal, paypal_email: '' })).toBe(false);
  });
  it('Withdraw opens the bank form from 100 USD, else refuses', () => {
    expect(withdrawAction(100)).toBe('bank-form');
    expect(withdrawAction(99.99)).toBe('minimum');
    expect(withdrawAction(0)).toBe('minimum');
  });
  it('client code and idempotency keys', () => {
    expect(clientCode(42)).toBe('FR-US-42');
    expect(newIdempotencyKey()).toMatch(/^[A-Za-z0-9_:.-]{1,64}$/);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
