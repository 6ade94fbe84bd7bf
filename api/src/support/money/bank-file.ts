import { stringify } from 'csv-stringify/sync';
import { create } from 'xmlbuilder2';
import { BANK_CSV_COLUMNS, BANK_CSV_INTL_COLUMNS, centsToUsd, type PayoutMethod } from '@portal/contracts';

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

/** The transfers a pain.001 carries: bank transfers (IFSC or IBAN + BIC), not PayPal payouts. */
export const bankTransfersOnly = (transfers: BankTransfer[]): BankTransfer[] => transfers.filter((t) => t.payout_method !== 'paypal');

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

/**
 * The bank CSV of a run: header `BANK_CSV_COLUMNS` then `BANK_CSV_INTL_COLUMNS` (method, country,
 * IBAN, BIC, PayPal e-mail; docs/decisions/027), one row per transfer (PayPal ones too), amount in USD with 2
 * decimals (exact, from cents), quoted by csv-stringify where needed. A cell starting with = + - @ is
 * prefixed with ' so a spreadsheet does not run it as a formula.
 */
export function bankCsv(runId: number, transfers: BankTransfer[]): string {
  const safe = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
  const rows = transfers.map((t) => [
    String(t.payout_id), endToEndId(runId, t.payout_id), centsToUsd(t.amount_cents), 'USD', safe(t.holder_name), t.account_number, t.ifsc_code, safe(t.bank_name), safe(t.branch_name), remittance(t.payout_id),
    t.payout_method, t.country, t.iban, t.bic, safe(t.paypal_email),
  ]);
  return stringify([[...BANK_CSV_COLUMNS, ...BANK_CSV_INTL_COLUMNS], ...rows]);
}

/**
 * The ISO 20022 customer credit transfer initiation `pain.001.001.09` of a run: one group header
 * (MsgId, creation time, number of transactions, control sum), one payment information block (transfer,
 * requested execution date = creation date, the debtor's account and agent) and one `CdtTrfTxInf` per
 * bank payout: end-to-end id, instructed amount in USD, the creditor's agent by its IFSC (clearing
 * system `INFSC`) and the account number, or by its BIC and the IBAN (docs/decisions/027), name and
 * remittance text. PayPal payouts are left out (the run's note says so). Amounts are decimal text from
 * integer cents; count and control sum cover the transfers in the file.
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
    const tx = pmt.ele('CdtTrfTxInf');
    const pmtId = tx.ele('PmtId');
    pmtId.ele('InstrId').txt(`PAYOUT${t.payout_id}`);
    pmtId.ele('EndToEndId').txt(endToEndId(header.run_id, t.payout_id));
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
