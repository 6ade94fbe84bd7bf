import * as yup from 'yup';
import { bankDetailsSchema, createTicketSchema, requestReportSchema, updateProfileSchema } from './support.schemas';
import { centsToUsd, maskAccountNumber, usdToCents } from './support.limits';
import { SUPPORT_MESSAGES as M } from './support.messages';

/** The first failing field's message in the schema's declared order (as the API answers it). */
const firstError = async (schema: yup.AnyObjectSchema, value: unknown, context = {}) => {
  try {
    await schema.validate(value, { context, abortEarly: false });
    return null;
  } catch (e) {
    const order = Object.keys(schema.fields);
    const inner = [...(e as yup.ValidationError).inner].sort((a, b) => order.indexOf((a.path ?? '').split(/[.[]/)[0]) - order.indexOf((b.path ?? '').split(/[.[]/)[0]));
    return inner[0]?.message ?? (e as Error).message;
  }
};

describe('money helpers (integer cents, never floats)', () => {
  it('parses USD text into cents', () => {
    expect(usdToCents('250')).toBe(25000);
    expect(usdToCents('0.1')).toBe(10);
    expect(usdToCents('99.99')).toBe(9999);
    expect(usdToCents('1.234')).toBeNull();
    expect(usdToCents('abc')).toBeNull();
  });
  it('formats cents and masks account numbers', () => {
    expect(centsToUsd(25000)).toBe('250.00');
    expect(centsToUsd(-5)).toBe('-0.05');
    expect(maskAccountNumber('50100012345678')).toBe('XXXXXXXXXX5678');
  });
});

describe('support schemas (areas §5)', () => {
  it('ticket: reason, concern, at most 5 attachments', async () => {
    expect(await firstError(createTicketSchema, {})).toBe(M.reasonRequired);
    expect(await firstError(createTicketSchema, { reason: 'Others' })).toBe(M.concernRequired);
    const six = Array.from({ length: 6 }, (_, i) => `${String(i).repeat(32)}.pdf`).join(',');
    expect(await firstError(createTicketSchema, { reason: 'Others', reply: 'x', attachement: six })).toBe(M.tooManyAttachments);
    expect(createTicketSchema.cast({ reason: 'Others', reply: 'x', attachement: ' a , ,b ' }).attachement).toEqual(['a', 'b']);
  });
  it('report: months normalised to the 1st (UTC); start after end and future months refused', async () => {
    const now = Date.UTC(2026, 10, 23);
    expect(requestReportSchema.cast({ store: 'Spotify', start_date: Date.UTC(2026, 2, 17), end_date: Date.UTC(2026, 3, 2) }, { context: { now } })).toMatchObject({ start_date: Date.UTC(2026, 2, 1), end_date: Date.UTC(2026, 3, 1) });
    expect(await firstError(requestReportSchema, { store: 'Spotify', start_date: Date.UTC(2026, 5, 1), end_date: Date.UTC(2026, 1, 1) }, { now })).toBe(M.startAfterEnd);
    expect(await firstError(requestReportSchema, { store: 'Spotify', start_date: Date.UTC(2026, 1, 1), end_date: Date.UTC(2027, 1, 1) }, { now })).toBe(M.futureMonth);
  });
  it('bank: IFSC, PAN and account formats, upper-cased', async () => {
    const ok = { bank_name: 'B', holder_name: 'H', account_number: '1234 5678 90', ifsc_code: 'sbin0123456', branch_name: 'X', pan: 'abcde1234f' };
    expect(bankDetailsSchema.cast(ok)).toMatchObject({ account_number: '1234567890', ifsc_code: 'SBIN0123456', pan: 'ABCDE1234F' });
    expect(await firstError(bankDetailsSchema, { ...ok, ifsc_code: 'SBIN1123456' })).toBe(M.ifscInvalid);
    expect(await firstError(bankDetailsSchema, { ...ok, pan: 'ABCDE12345' })).toBe(M.panInvalid);
    expect(await firstError(bankDetailsSchema, { ...ok, account_number: '12345678' })).toBe(M.accountInvalid);
  });
  it('profile: phone 10 digits, password 8 and confirmed', async () => {
    expect(await firstError(updateProfileSchema, { phone: '123' })).toBe(M.phoneInvalid);
    expect(await firstError(updateProfileSchema, { password: 'short', confirmPassword: 'short' })).toBe(M.passwordShort);
    expect(await firstError(updateProfileSchema, { password: 'longenough', confirmPassword: 'different' })).toBe(M.passwordMismatch);
    expect(await firstError(updateProfileSchema, { phone: '9876543210' })).toBeNull();
  });
});

describe('bank details outside India (docs/decisions/027-international-payouts.md)', () => {
  const india = { bank_name: 'SBI', holder_name: 'A', account_number: '1234567890', ifsc_code: 'SBIN0123456', branch_name: 'B', pan: 'ABCDE1234F' };
  const iban = { country: 'de', payout_method: 'iban', bank_name: 'Commerzbank', holder_name: 'Lena Meyer', iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx' };
  it('the spec payload without a country is India, with the Indian rules', async () => {
    expect(await bankDetailsSchema.validate(india)).toMatchObject({ country: 'IN', payout_method: 'bank_in', iban: '', bic: '', paypal_email: '' });
    expect(await firstError(bankDetailsSchema, { ...india, payout_method: 'paypal' })).toBe(M.payoutMethodIndia);
    expect(await firstError(bankDetailsSchema, { ...india, country: 'XX' })).toBe(M.countryInvalid);
  });
  it('IBAN + BIC: checked by mod-97 and ISO 9362; Indian fields are ignored', async () => {
    expect(await bankDetailsSchema.validate({ ...iban, ifsc_code: 'junk', pan: 'junk' })).toMatchObject({ country: 'DE', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', ifsc_code: '', pan: '', account_number: '' });
    expect(await firstError(bankDetailsSchema, { ...iban, iban: 'DE89 3704 0044 0532 0130 01' })).toBe(M.ibanInvalid);
    expect(await firstError(bankDetailsSchema, { ...iban, bic: 'COBADEFF1' })).toBe(M.bicInvalid);
    expect(await firstError(bankDetailsSchema, { ...iban, payout_method: undefined })).toBe(M.payoutMethodRequired);
    expect(await firstError(bankDetailsSchema, { ...iban, country: 'US' })).toBe('IBAN payouts are not available in United States: please choose PayPal.');
  });
  it('PayPal: holder and e-mail only', async () => {
    const pp = { country: 'US', payout_method: 'paypal', holder_name: 'Sam Lee', paypal_email: ' Sam@Example.com ' };
    expect(await bankDetailsSchema.validate(pp)).toMatchObject({ paypal_email: 'sam@example.com', bank_name: '', iban: '' });
    expect(await firstError(bankDetailsSchema, { ...pp, paypal_email: 'sam@' })).toBe(M.paypalEmailInvalid);
  });
});
