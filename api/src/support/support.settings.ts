import { defineSettings } from '../config/settings';

/**
 * The support module's settings (docs/decisions/035): the distributor's own account the bank files of a
 * payout run pay from (docs/decisions/023-staff-desks.md, 031). README's `<!-- settings:support -->` table
 * is generated from this list.
 */
/** `supportSettings.of(config)` → `{ payoutDebtor: { name, account, bic, missing } }`: `missing` names the unset variables. */
export const supportSettings = defineSettings('support', {
  payoutDebtor: {
    variables: ['PAYOUT_DEBTOR_NAME', 'PAYOUT_DEBTOR_ACCOUNT', 'PAYOUT_DEBTOR_BIC'],
    default: '`Portal Distribution`, `NOTPROVIDED`, none',
    meaning: 'the account the bank files of a payout run pay from (CSV and pain.001, [decision 023](docs/decisions/023-staff-desks.md)); set them before a file goes to a real bank. The SEPA file needs an IBAN here and is refused without one ([decision 031](docs/decisions/031-partner-and-money-files.md)); with `NODE_ENV=production` no pain.001 is built until all three are set (the CSV still is)',
    parse: ({ env }) => ({
      name: env.PAYOUT_DEBTOR_NAME || 'Portal Distribution',
      account: env.PAYOUT_DEBTOR_ACCOUNT || 'NOTPROVIDED',
      bic: env.PAYOUT_DEBTOR_BIC || '',
      missing: ['PAYOUT_DEBTOR_NAME', 'PAYOUT_DEBTOR_ACCOUNT', 'PAYOUT_DEBTOR_BIC'].filter((name) => !env[name]?.trim()),
    }),
  },
});
