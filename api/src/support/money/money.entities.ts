import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PayoutMethod, PayoutStatus } from '@portal/contracts';
import { numeric } from '../../database/transformers';
import { sealed } from '../../sealing/sealed-columns';

/**
 * What a ledger entry records: a royalty credit, a payout's debit, the re-credit of a rejected payout,
 * the opening balance, or a statement import's credit of one user and its rollback (decision 019).
 */
export type LedgerKind = 'credit' | 'payout' | 'payout_reversal' | 'opening' | 'royalty' | 'royalty_reversal';

/** One movement of a user's money, in signed integer US cents. The balance is the sum of these rows. */
@Entity('ledger_entries')
export class LedgerEntryEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'bigint', transformer: numeric }) amount_cents!: number;
  @Column({ type: 'varchar', length: 24 }) kind!: LedgerKind;
  @Column({ type: 'varchar', length: 500, default: '' }) note!: string;
  @Column({ type: 'integer', nullable: true }) payout_id!: number | null;
  /** The statement import a `royalty` / `royalty_reversal` entry belongs to (decision 019). */
  @Column({ type: 'integer', nullable: true }) statement_import_id!: number | null;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
}

/** A payout request (ours): requested → (in_payment, once in a bank run) → paid (reference) or rejected (reason, amount re-credited). */
@Entity('payouts')
export class PayoutEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'bigint', transformer: numeric }) amount_cents!: number;
  @Column({ type: 'varchar', length: 16, default: 'requested' }) status!: PayoutStatus;
  @Column({ type: 'varchar', length: 64 }) idempotency_key!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) reference!: string;
  @Column({ type: 'varchar', length: 1000, default: '' }) reason!: string;
  @Column({ type: 'varchar', length: 4, default: '' }) account_last4!: string;
  /** The JSON envelope answered to the first call, answered again to a repeat of the same key. */
  @Column({ type: 'text' }) first_answer!: string;
  /** The bank run it was exported in (status in_payment from then on), else null (docs/decisions/022). */
  @Column({ type: 'integer', nullable: true }) run_id!: number | null;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
  @UpdateDateColumn({ type: 'datetime' }) updated_at!: Date;
}

/** A bank run: requested payouts finance exported together in one bank file (CSV and pain.001). */
@Entity('payment_runs')
export class PaymentRunEntity {
  @PrimaryGeneratedColumn() id!: number;
  /** The pain.001 MsgId (≤ 35 characters), unique per run. */
  @Column({ type: 'varchar', length: 35 }) message_id!: string;
  @Column({ type: 'integer', nullable: true }) created_by_user_id!: number | null;
  @Column({ type: 'varchar', length: 255, default: '' }) created_by_email!: string;
  @Column({ type: 'integer' }) payout_count!: number;
  @Column({ type: 'bigint', transformer: numeric }) total_cents!: number;
  /** PayPal payouts of the run: in the CSV, left out of pain.001 (docs/decisions/027). */
  @Column({ type: 'integer', default: 0 }) paypal_count!: number;
  /** EUR per 1 USD for the run's SEPA file, decimal text set by finance; '' until set (docs/decisions/031). */
  @Column({ type: 'varchar', length: 24, default: '' }) eur_rate!: string;
  /** When the SEPA file was first built: the rate is fixed from then on (the file is the same bytes every time). */
  @Column({ type: 'datetime', nullable: true }) sepa_built_at!: Date | null;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
}

/** One transfer of a bank run as exported (a snapshot: the files never change after the export). */
@Entity('payment_run_transfers')
export class PaymentRunTransferEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) run_id!: number;
  @Column({ type: 'integer' }) payout_id!: number;
  @Column({ type: 'bigint', transformer: numeric }) amount_cents!: number;
  @Column({ type: 'varchar', length: 100 }) holder_name!: string;
  /** Sealed at rest like the IBAN (docs/decisions/032): the bank files read them through this entity. */
  @Column({ type: 'varchar', length: 255, transformer: sealed() }) account_number!: string;
  @Column({ type: 'varchar', length: 11 }) ifsc_code!: string;
  @Column({ type: 'varchar', length: 100 }) bank_name!: string;
  @Column({ type: 'varchar', length: 100 }) branch_name!: string;
  /** Payout country (ISO 3166-1 alpha-2) and method; IBAN + BIC or PayPal e-mail outside India (docs/decisions/027). */
  @Column({ type: 'varchar', length: 2, default: 'IN' }) country!: string;
  @Column({ type: 'varchar', length: 8, default: 'bank_in' }) payout_method!: PayoutMethod;
  @Column({ type: 'varchar', length: 255, default: '', transformer: sealed() }) iban!: string;
  @Column({ type: 'varchar', length: 11, default: '' }) bic!: string;
  @Column({ type: 'varchar', length: 254, default: '' }) paypal_email!: string;
}

/**
 * A user's bank details (areas §3), one row per user. The account number, PAN and IBAN are sealed at rest
 * (docs/decisions/032) and never leave the server but masked.
 */
@Entity('bank_details')
export class BankDetailsEntity {
  @PrimaryColumn({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 100 }) bank_name!: string;
  @Column({ type: 'varchar', length: 100 }) holder_name!: string;
  @Column({ type: 'varchar', length: 255, transformer: sealed() }) account_number!: string;
  @Column({ type: 'varchar', length: 11 }) ifsc_code!: string;
  @Column({ type: 'varchar', length: 100 }) branch_name!: string;
  @Column({ type: 'varchar', length: 255, transformer: sealed() }) pan!: string;
  @Column({ type: 'varchar', length: 500, default: '' }) other_details!: string;
  /** Payout country (ISO 3166-1 alpha-2) and method; IBAN + BIC or PayPal e-mail outside India (docs/decisions/027). */
  @Column({ type: 'varchar', length: 2, default: 'IN' }) country!: string;
  @Column({ type: 'varchar', length: 8, default: 'bank_in' }) payout_method!: PayoutMethod;
  @Column({ type: 'varchar', length: 255, default: '', transformer: sealed() }) iban!: string;
  @Column({ type: 'varchar', length: 11, default: '' }) bic!: string;
  @Column({ type: 'varchar', length: 254, default: '' }) paypal_email!: string;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
  @UpdateDateColumn({ type: 'datetime' }) updated_at!: Date;
}
