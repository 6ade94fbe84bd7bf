import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Payouts outside India (docs/decisions/027-international-payouts.md): the payout country and method of
 * each artist's bank details (every existing row is India, bank transfer, as the spec's form was), the
 * IBAN + BIC or PayPal e-mail, the same in each bank-run transfer's snapshot, and how many PayPal
 * payouts a run holds. Engine-neutral (Table API).
 */
export class IntlPayouts1765410000000 implements MigrationInterface {
  name = 'IntlPayouts1765410000000';

  private readonly intl = (): TableColumn[] => [
    new TableColumn({ name: 'country', type: 'varchar', length: '2', default: "'IN'" }),
    new TableColumn({ name: 'payout_method', type: 'varchar', length: '8', default: "'bank_in'" }),
    new TableColumn({ name: 'iban', type: 'varchar', length: '34', default: "''" }),
    new TableColumn({ name: 'bic', type: 'varchar', length: '11', default: "''" }),
    new TableColumn({ name: 'paypal_email', type: 'varchar', length: '254', default: "''" }),
  ];

  async up(q: QueryRunner): Promise<void> {
    await q.addColumns('bank_details', this.intl());
    await q.addColumns('payment_run_transfers', this.intl());
    await q.addColumn('payment_runs', new TableColumn({ name: 'paypal_count', type: 'integer', default: 0 }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('payment_runs', 'paypal_count');
    for (const table of ['payment_run_transfers', 'bank_details']) for (const c of this.intl()) await q.dropColumn(table, c.name);
  }
}
