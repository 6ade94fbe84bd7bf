import { create } from 'xmlbuilder2';
import { BANK_CSV_COLUMNS, BANK_CSV_INTL_COLUMNS, centsToUsd, isSepaIban, type PayoutMethod } from '@portal/contracts';
import { csvDocument, type CsvColumn, type CsvColumnKind } from '../../common/csv/csv-writer';

/**
 * One transfer of a bank run: the payout and the full details it goes to. Amount in integer US cents.
 * `payout_method` bank_in uses account number + IFSC, iban uses IBAN + BIC, paypal the e-mail
 * (docs/decisions/027-international-payouts.md).
 */
export type BankTransfer = {
  payout_id: number;
  amount_cents: number;
  holder_name: string;
  account_number: string;
  ifsc_code: string;
  bank_name: string;
  branch_name: string;
  country: string;
  payout_method: PayoutMethod;
  iban: string;
  bic: string;
  paypal_email: string;
};

/** Whether a transfer is paid by the SEPA file: an IBAN payee whose IBAN is of a SEPA country (docs/decisions/031). */
export const isSepaTransfer = (t: Pick<BankTransfer, 'payout_method' | 'iban'>): boolean => t.payout_method === 'iban' && isSepaIban(t.iban);

/** The transfers the SEPA file carries: IBAN payees of SEPA countries. */
export const sepaTransfers = <T extends Pick<BankTransfer, 'payout_method' | 'iban'>>(transfers: T[]): T[] => transfers.filter(isSepaTransfer);

/**
 * The transfers the generic pain.001 carries: bank transfers outside SEPA (IFSC accounts, IBANs of
 * other countries); never PayPal payouts, never a SEPA payee (each is paid by exactly one file).
 */
export const bankTransfersOnly = <T extends Pick<BankTransfer, 'payout_method' | 'iban'>>(transfers: T[]): T[] => transfers.filter((t) => t.payout_method !== 'paypal' && !isSepaTransfer(t));

/**
 * EUR cents of `usdCents` at `eurRate` (EUR per 1 USD, decimal text with at most 6 decimals), rounded
 * half up to the cent, in exact integer arithmetic: 10 001 cents at 0.9234 = 9 234.9234 → 9 235.
 */
export function usdCentsToEurCents(usdCents: number, eurRate: string): number {
  const [whole, frac = ''] = eurRate.trim().split('.');
  const rateMicros = BigInt(whole || '0') * 1_000_000n + BigInt(frac.padEnd(6, '0').slice(0, 6) || '0');
  return Number((BigInt(usdCents) * rateMicros + 500_000n) / 1_000_000n);
}

/** EUR cents as the decimal text of a SEPA amount (923492 → "9234.92"): the same two-decimal text contracts' centsToUsd writes. */
const centsText = centsToUsd;

/** A transfer's `PmtId` (pain.001 §2.29): InstrId `PAYOUT<id>` and the run's end-to-end id, the same in the generic and the SEPA file. */
function paymentIds(tx: ReturnType<ReturnType<typeof create>['ele']>, runId: number, payoutId: number): void {
  const pmtId = tx.ele('PmtId');
  pmtId.ele('InstrId').txt(`PAYOUT${payoutId}`);
  pmtId.ele('EndToEndId').txt(endToEndId(runId, payoutId));
}

/** The run's header: pain.001 MsgId (≤ 35), when it was made, and the account paying. */
export type BankRunHeader = { run_id: number; message_id: string; created_at: Date; debtor: { name: string; account: string; bic: string } };

/** End-to-end id of a payout in both files (≤ 35 characters): the bank hands it back on the statement. */
export const endToEndId = (runId: number, payoutId: number): string => `RUN${runId}-PAYOUT${payoutId}`;
/** Remittance text the artist's bank statement shows. */
const remittance = (payoutId: number) => `Royalty payout #${payoutId}`;

/** ISO 20022 text: the Latin subset banks accept (other characters become spaces), trimmed to `max`. */
function isoText(value: string, max: number): string {
  const latin = value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ').replace(/\s+/g, ' ').trim();
  return (latin || 'NOTPROVIDED').slice(0, max);
}

/** Kind of each bank CSV column for the shared writer: account identifiers are codes (quoted, leading zeros kept). */
const BANK_CSV_KINDS: Record<(typeof BANK_CSV_COLUMNS)[number] | (typeof BANK_CSV_INTL_COLUMNS)[number], CsvColumnKind> = {
  payout_id: 'number',
  end_to_end_id: 'text',
  amount: 'number',
  currency: 'text',
  beneficiary_name: 'text',
  account_number: 'code',
  ifsc_code: 'code',
  bank_name: 'text',
  branch_name: 'text',
  remittance_info: 'text',
  payout_method: 'text',
  country: 'text',
  iban: 'code',
  bic: 'code',
  paypal_email: 'text',
};
const BANK_CSV: CsvColumn[] = [...BANK_CSV_COLUMNS, ...BANK_CSV_INTL_COLUMNS].map((name) => ({ name, kind: BANK_CSV_KINDS[name] }));

/**
 * The bank CSV of a run: header `BANK_CSV_COLUMNS` then `BANK_CSV_INTL_COLUMNS` (method, country,
 * IBAN, BIC, PayPal e-mail; docs/decisions/027), one row per transfer (PayPal ones too), amount in USD with 2
 * decimals (exact, from cents). Written by the shared CSV writer (docs/decisions/031): text cells
 * starting like a formula get a leading ', account numbers, IFSC, IBAN and BIC are quoted codes.
 */
export function bankCsv(runId: number, transfers: BankTransfer[]): string {
  const rows = transfers.map((t) => [
    String(t.payout_id), endToEndId(runId, t.payout_id), centsToUsd(t.amount_cents), 'USD', t.holder_name, t.account_number, t.ifsc_code, t.bank_name, t.branch_name, remittance(t.payout_id),
    t.payout_method, t.country, t.iban, t.bic, t.paypal_email,
  ]);
  return csvDocument(BANK_CSV, rows);
}

/**
 * The ISO 20022 customer credit transfer initiation `pain.001.001.09` of a run: one group header
 * (MsgId, creation time, number of transactions, control sum), one payment information block (transfer,
 * requested execution date = creation date, the debtor's account and agent) and one `CdtTrfTxInf` per
 * bank payout outside SEPA: end-to-end id, instructed amount in USD, the creditor's agent by its IFSC
 * (clearing system `INFSC`) and the account number, or by its BIC and the IBAN of a non-SEPA country
 * (docs/decisions/027), name and remittance text. PayPal payouts and SEPA IBAN payees are left out (the
 * run's note says which file pays them; docs/decisions/031). Amounts are decimal text from integer
 * cents; count and control sum cover the transfers in the file.
 */
export function bankPain001(header: BankRunHeader, all: BankTransfer[]): string {
  const transfers = bankTransfersOnly(all);
  const total = centsToUsd(transfers.reduce((s, t) => s + t.amount_cents, 0));
  const created = header.created_at.toISOString().slice(0, 19);
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ele('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09', 'Document');
  const root = doc.ele('CstmrCdtTrfInitn');
  const grp = root.ele('GrpHdr');
  grp.ele('MsgId').txt(header.message_id);
  grp.ele('CreDtTm').txt(created);
  grp.ele('NbOfTxs').txt(String(transfers.length));
  grp.ele('CtrlSum').txt(total);
  grp.ele('InitgPty').ele('Nm').txt(isoText(header.debtor.name, 140));
  const pmt = root.ele('PmtInf');
  pmt.ele('PmtInfId').txt(`${header.message_id}-1`.slice(0, 35));
  pmt.ele('PmtMtd').txt('TRF');
  pmt.ele('BtchBookg').txt('false');
  pmt.ele('NbOfTxs').txt(String(transfers.length));
  pmt.ele('CtrlSum').txt(total);
  pmt.ele('ReqdExctnDt').ele('Dt').txt(created.slice(0, 10));
  pmt.ele('Dbtr').ele('Nm').txt(isoText(header.debtor.name, 140));
  const debtorAccount = header.debtor.account.replace(/\s+/g, '');
  const dbtrAcctId = pmt.ele('DbtrAcct').ele('Id');
  if (/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(debtorAccount)) dbtrAcctId.ele('IBAN').txt(debtorAccount);
  else dbtrAcctId.ele('Othr').ele('Id').txt(debtorAccount.slice(0, 34) || 'NOTPROVIDED');
  const dbtrAgt = pmt.ele('DbtrAgt').ele('FinInstnId');
  if (header.debtor.bic) dbtrAgt.ele('BICFI').txt(header.debtor.bic);
  else dbtrAgt.ele('Othr').ele('Id').txt('NOTPROVIDED');
  pmt.ele('ChrgBr').txt('SLEV');
  for (const t of transfers) {
    // Generic pain.001 only: SEPA payees are in the SEPA file (bankTransfersOnly left them out).
    const tx = pmt.ele('CdtTrfTxInf');
    paymentIds(tx, header.run_id, t.payout_id);
    tx.ele('Amt').ele('InstdAmt', { Ccy: 'USD' }).txt(centsToUsd(t.amount_cents));
    const agent = tx.ele('CdtrAgt').ele('FinInstnId');
    if (t.payout_method === 'iban') {
      agent.ele('BICFI').txt(t.bic.toUpperCase());
    } else {
      const clr = agent.ele('ClrSysMmbId');
      clr.ele('ClrSysId').ele('Cd').txt('INFSC');
      clr.ele('MmbId').txt(t.ifsc_code.toUpperCase());
    }
    agent.ele('Nm').txt(isoText(t.bank_name, 140));
    tx.ele('Cdtr').ele('Nm').txt(isoText(t.holder_name, 140));
    const acct = tx.ele('CdtrAcct').ele('Id');
    if (t.payout_method === 'iban') acct.ele('IBAN').txt(t.iban);
    else acct.ele('Othr').ele('Id').txt(t.account_number);
    tx.ele('RmtInf').ele('Ustrd').txt(remittance(t.payout_id));
  }
  return doc.end({ prettyPrint: true });
}

/**
 * The EPC SEPA Credit Transfer file of a run (pain.001.001.09 as restricted by EPC132-08 2023 v1.0,
 * customer-to-PSP; docs/decisions/031), validated against that schema by the tests: the run's IBAN
 * payees of SEPA countries only (`sepaTransfers`), each paid `usdCentsToEurCents(amount, eurRate)` EUR
 * (rounded half up per transfer; count and control sums add the rounded amounts), service level SEPA,
 * charges SLEV, the debtor's IBAN (`debtor.account`, required: callers refuse a debtor without one) and
 * BIC (else `Othr/Id` NOTPROVIDED, which the EPC guidelines allow), the creditor's BIC when known and
 * IBAN, name and remittance text in the EPC Latin subset. No agent name (`FinInstnId/Nm` is not in the
 * EPC schema). MsgId is the run's MsgId + "-S", so the bank tells it from the run's generic file.
 */
export function sepaPain001(header: BankRunHeader, all: BankTransfer[], eurRate: string): string {
  const transfers = sepaTransfers(all).map((t) => ({ ...t, eur_cents: usdCentsToEurCents(t.amount_cents, eurRate) }));
  const total = centsText(transfers.reduce((s, t) => s + t.eur_cents, 0));
  const created = header.created_at.toISOString().slice(0, 19);
  const msgId = `${header.message_id}-S`.slice(0, 35);
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ele('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09', 'Document');
  const root = doc.ele('CstmrCdtTrfInitn');
  const grp = root.ele('GrpHdr');
  grp.ele('MsgId').txt(msgId);
  grp.ele('CreDtTm').txt(created);
  grp.ele('NbOfTxs').txt(String(transfers.length));
  grp.ele('CtrlSum').txt(total);
  grp.ele('InitgPty').ele('Nm').txt(isoText(header.debtor.name, 70));
  const pmt = root.ele('PmtInf');
  pmt.ele('PmtInfId').txt(`${msgId}-1`.slice(0, 35));
  pmt.ele('PmtMtd').txt('TRF');
  pmt.ele('BtchBookg').txt('false');
  pmt.ele('NbOfTxs').txt(String(transfers.length));
  pmt.ele('CtrlSum').txt(total);
  pmt.ele('PmtTpInf').ele('SvcLvl').ele('Cd').txt('SEPA');
  pmt.ele('ReqdExctnDt').ele('Dt').txt(created.slice(0, 10));
  pmt.ele('Dbtr').ele('Nm').txt(isoText(header.debtor.name, 70));
  pmt.ele('DbtrAcct').ele('Id').ele('IBAN').txt(header.debtor.account.replace(/\s+/g, '').toUpperCase());
  const dbtrAgt = pmt.ele('DbtrAgt').ele('FinInstnId');
  if (header.debtor.bic) dbtrAgt.ele('BICFI').txt(header.debtor.bic.toUpperCase());
  else dbtrAgt.ele('Othr').ele('Id').txt('NOTPROVIDED');
  pmt.ele('ChrgBr').txt('SLEV');
  for (const t of transfers) {
    const tx = pmt.ele('CdtTrfTxInf');
    paymentIds(tx, header.run_id, t.payout_id);
    tx.ele('Amt').ele('InstdAmt', { Ccy: 'EUR' }).txt(centsText(t.eur_cents));
    if (t.bic) tx.ele('CdtrAgt').ele('FinInstnId').ele('BICFI').txt(t.bic.toUpperCase());
    tx.ele('Cdtr').ele('Nm').txt(isoText(t.holder_name, 70));
    tx.ele('CdtrAcct').ele('Id').ele('IBAN').txt(t.iban.replace(/\s+/g, '').toUpperCase());
    tx.ele('RmtInf').ele('Ustrd').txt(remittance(t.payout_id));
  }
  return doc.end({ prettyPrint: true });
}
