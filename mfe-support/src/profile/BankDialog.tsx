import type { ChangeEvent } from 'react';
import { useFormik } from 'formik';
import { Button, Dialog, FieldGrid, FullWidth, Muted, TextAreaField, TextField, api, fieldError, notify } from '@portal/kit';
import { useStepUp } from './step-up';
import { bankDetailsSchema, SUPPORT_ENDPOINTS as E, SUPPORT_UI, type BankDetails, type BankDetailsDto } from '@portal/contracts';

const U = SUPPORT_UI.profile;
const EMPTY: BankDetailsDto = { bank_name: '', holder_name: '', account_number: '', ifsc_code: '', branch_name: '', pan: '', other_details: '' };

/**
 * "Add Bank Details" / edit dialog (areas §2, §3): the seven bank fields, checked with the schema
 * the API uses (IFSC AAAA0XXXXXX, PAN AAAAA9999A, account 9-18 digits). Editing starts from the saved
 * details; the masked account number left as it is keeps the saved account.
 */
export function BankDialog({ open, current, onClose, onSaved }: { open: boolean; current: BankDetails | null; onClose(): void; onSaved(details: BankDetails): void }) {
  const stepUp = useStepUp();
  const formik = useFormik<BankDetailsDto>({
    enableReinitialize: true,
    initialValues: current
      ? { bank_name: current.bank_name, holder_name: current.holder_name, account_number: current.account_number, ifsc_code: current.ifsc_code, branch_name: current.branch_name, pan: current.pan, other_details: current.other_details }
      : EMPTY,
    validationSchema: bankDetailsSchema,
    onSubmit: async (values) => {
      try {
        const answer = await api.call(E.addBankDetails, { body: { ...values, ...stepUp.fields() } });
        notify.success(answer.message);
        stepUp.reset();
        if (answer.body) onSaved(answer.body);
      } catch (error) {
        // The kit showed the server's message; a step-up request also asks for the current password.
        stepUp.handle(error);
      }
    },
  });
  const field = (name: keyof BankDetailsDto, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} name={name} value={formik.values[name] ?? ''} onChange={formik.handleChange} onBlur={formik.handleBlur} error={fieldError(formik, name)} {...extra} />
  );
  // IFSC and PAN are upper case (the server upper-cases them too).
  const upper = (name: 'ifsc_code' | 'pan') => (e: ChangeEvent<HTMLInputElement>) => void formik.setFieldValue(name, e.target.value.toUpperCase());
  const close = () => {
    formik.resetForm();
    stepUp.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      title={current ? U.editBankTitle : U.addBankTitle}
      onClose={close}
      width={640}
      actions={
        <>
          <Button type="button" variant="secondary" onClick={close}>
            {SUPPORT_UI.common.cancel}
          </Button>
          <Button type="submit" form="bank-form" busy={formik.isSubmitting}>
            {SUPPORT_UI.common.save}
          </Button>
        </>
      }
    >
      <form id="bank-form" noValidate onSubmit={formik.handleSubmit}>
        <FieldGrid>
          {field('bank_name', U.bankName, { required: true, autoComplete: 'off' })}
          {field('ifsc_code', U.ifsc, { required: true, autoComplete: 'off', onChange: upper('ifsc_code') })}
          {field('branch_name', U.branch, { required: true, autoComplete: 'off' })}
          <div>
            {field('account_number', U.account, { required: true, inputMode: 'numeric', autoComplete: 'off' })}
            {current && <Muted style={{ marginTop: -10 }}>{U.accountKeepHint}</Muted>}
          </div>
          {field('pan', U.pan, { required: true, autoComplete: 'off', onChange: upper('pan') })}
          {field('holder_name', U.holder, { required: true, autoComplete: 'off' })}
          <FullWidth>
            <TextAreaField label={U.other} name="other_details" rows={2} value={formik.values.other_details ?? ''} onChange={formik.handleChange} onBlur={formik.handleBlur} error={fieldError(formik, 'other_details')} />
          </FullWidth>
          {stepUp.field && <FullWidth>{stepUp.field}</FullWidth>}
        </FieldGrid>
      </form>
    </Dialog>
  );
}
