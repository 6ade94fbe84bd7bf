import { useMemo, type ChangeEvent } from 'react';
import { useFormik } from 'formik';
import { FormDialog, FieldGrid, FullWidth, Muted, RadioGroupField, SelectField, TextAreaField, TextField, fieldError, notify, useEndpointMutation } from '@portal/kit';
import { useStepUp } from './step-up';
import {
  bankDetailsSchema,
  COUNTRY_CODES,
  countryName,
  countryUsesIban,
  DEFAULT_COUNTRY,
  SUPPORT_ENDPOINTS as E,
  SUPPORT_UI,
  type BankDetails,
  type BankDetailsDto,
  type PayoutMethod,
} from '@portal/contracts';

const U = SUPPORT_UI.profile;
type Values = BankDetailsDto & { country: string; payout_method: PayoutMethod };
const EMPTY: Values = {
  country: DEFAULT_COUNTRY,
  payout_method: 'bank_in',
  bank_name: '',
  holder_name: '',
  account_number: '',
  ifsc_code: '',
  branch_name: '',
  pan: '',
  iban: '',
  bic: '',
  paypal_email: '',
  other_details: '',
};

/** The methods offered in a country (docs/decisions/027-international-payouts.md): India its own; elsewhere IBAN where the registry has it, and PayPal. */
export function methodsFor(country: string): PayoutMethod[] {
  if (country === 'IN') return ['bank_in'];
  return countryUsesIban(country) ? ['iban', 'paypal'] : ['paypal'];
}

/**
 * "Add Bank Details" / edit dialog (areas §2, §3), checked with the schema the API uses. The country
 * (India by default) chooses the shape (docs/decisions/027-international-payouts.md): India shows the
 * spec's seven fields (IFSC AAAA0XXXXXX, PAN AAAAA9999A, account 9-18 digits); elsewhere the artist
 * picks IBAN + BIC (mod-97 and ISO 9362 checked as they type) or a PayPal e-mail. Editing starts from
 * the saved details; a masked account number or IBAN left as it is keeps the saved one.
 */
export function BankDialog({ open, current, onClose, onSaved }: { open: boolean; current: BankDetails | null; onClose(): void; onSaved(details: BankDetails): void }) {
  const stepUp = useStepUp();
  // The saved details go into the data layer's cache through `onSaved` (the profile's bank query), not asked again.
  const addBankDetails = useEndpointMutation(E.addBankDetails);
  const countries = useMemo(() => COUNTRY_CODES.map((c) => ({ value: c, label: countryName(c) })).sort((a, b) => a.label.localeCompare(b.label)), []);
  const formik = useFormik<Values>({
    enableReinitialize: true,
    initialValues: current
      ? {
          country: current.country || DEFAULT_COUNTRY,
          payout_method: current.payout_method || 'bank_in',
          bank_name: current.bank_name,
          holder_name: current.holder_name,
          account_number: current.account_number,
          ifsc_code: current.ifsc_code,
          branch_name: current.branch_name,
          pan: current.pan,
          iban: current.iban ?? '',
          bic: current.bic ?? '',
          paypal_email: current.paypal_email ?? '',
          other_details: current.other_details,
        }
      : EMPTY,
    validationSchema: bankDetailsSchema,
    onSubmit: async (values) => {
      try {
        const answer = await addBankDetails.mutateAsync({ body: { ...values, ...stepUp.fields() } });
        notify.success(answer.message);
        stepUp.reset();
        if (answer.body) onSaved(answer.body);
      } catch (error) {
        // The kit showed the server's message; a step-up request also asks for the current password.
        stepUp.handle(error);
      }
    },
  });
  const field = (name: keyof Values, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} name={name} value={formik.values[name] ?? ''} onChange={formik.handleChange} onBlur={formik.handleBlur} error={fieldError(formik, name)} {...extra} />
  );
  // IFSC, PAN, IBAN and BIC are upper case (the server upper-cases them too).
  const upper = (name: 'ifsc_code' | 'pan' | 'iban' | 'bic') => (e: ChangeEvent<HTMLInputElement>) => void formik.setFieldValue(name, e.target.value.toUpperCase());
  const methods = methodsFor(formik.values.country);
  const method = methods.includes(formik.values.payout_method) ? formik.values.payout_method : methods[0];
  const chooseCountry = (e: ChangeEvent<HTMLSelectElement>) => {
    const country = e.target.value;
    void formik.setFieldValue('country', country);
    const offered = methodsFor(country);
    // Keep a method the artist picked; one the previous country forced (India, or PayPal where there is no IBAN) gives way to the first offered.
    const forced = methodsFor(formik.values.country).length === 1;
    if (forced || !offered.includes(formik.values.payout_method)) void formik.setFieldValue('payout_method', offered[0]);
  };
  const close = () => stepUp.dismiss(formik, onClose);
  return (
    <FormDialog
      open={open}
      title={current ? U.editBankTitle : U.addBankTitle}
      onClose={close}
      width={640}
      formId="bank-form"
      onSubmit={formik.handleSubmit}
      cancelLabel={SUPPORT_UI.common.cancel}
      submitLabel={SUPPORT_UI.common.save}
      busy={formik.isSubmitting}
    >
      <FieldGrid>
        <FullWidth>
          <SelectField label={U.country} name="country" options={countries} value={formik.values.country} onChange={chooseCountry} onBlur={formik.handleBlur} error={fieldError(formik, 'country')} required />
          <Muted style={{ marginTop: -10 }}>{U.countryHint}</Muted>
        </FullWidth>
        {method !== 'bank_in' && (
          <FullWidth>
            <RadioGroupField
              label={U.method}
              name="payout_method"
              options={methods.map((m) => ({ value: m, label: U.methodLabel[m] }))}
              value={method}
              onChange={(value) => void formik.setFieldValue('payout_method', value)}
              error={fieldError(formik, 'payout_method')}
            />
            {methods.length === 1 && <Muted style={{ marginTop: -10 }}>{U.noIbanHint}</Muted>}
          </FullWidth>
        )}
        {method === 'bank_in' && (
          <>
            {field('bank_name', U.bankName, { required: true, autoComplete: 'off' })}
            {field('ifsc_code', U.ifsc, { required: true, autoComplete: 'off', onChange: upper('ifsc_code') })}
            {field('branch_name', U.branch, { required: true, autoComplete: 'off' })}
            <div>
              {field('account_number', U.account, { required: true, inputMode: 'numeric', autoComplete: 'off' })}
              {current?.account_number && <Muted style={{ marginTop: -10 }}>{U.accountKeepHint}</Muted>}
            </div>
            {field('pan', U.pan, { required: true, autoComplete: 'off', onChange: upper('pan') })}
            {field('holder_name', U.holder, { required: true, autoComplete: 'off' })}
          </>
        )}
        {method === 'iban' && (
          <>
            {field('holder_name', U.holder, { required: true, autoComplete: 'off' })}
            {field('bank_name', U.bankName, { required: true, autoComplete: 'off' })}
            <div>
              {field('iban', U.iban, { required: true, autoComplete: 'off', spellCheck: false, onChange: upper('iban') })}
              {current?.iban && <Muted style={{ marginTop: -10 }}>{U.ibanKeepHint}</Muted>}
            </div>
            {field('bic', U.bic, { required: true, autoComplete: 'off', spellCheck: false, onChange: upper('bic') })}
          </>
        )}
        {method === 'paypal' && (
          <>
            {field('holder_name', U.holder, { required: true, autoComplete: 'off' })}
            {field('paypal_email', U.paypalEmail, { required: true, type: 'email', autoComplete: 'email' })}
          </>
        )}
        <FullWidth>
          <TextAreaField label={U.other} name="other_details" rows={2} value={formik.values.other_details ?? ''} onChange={formik.handleChange} onBlur={formik.handleBlur} error={fieldError(formik, 'other_details')} />
        </FullWidth>
        {stepUp.field && <FullWidth>{stepUp.field}</FullWidth>}
      </FieldGrid>
    </FormDialog>
  );
}
