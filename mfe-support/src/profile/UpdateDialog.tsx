import { useFormik } from 'formik';
import { useStepUp } from './step-up';
import { FormDialog, Stack, TextAreaField, TextField, fieldError, notify, refreshUserDetails, useEndpointMutation, useSession, useQueryClient } from '@portal/kit';
import { DIGIT_INPUT_MAX_CHARS, phoneInputDigits, SUPPORT_ENDPOINTS as E, SUPPORT_LIMITS, SUPPORT_UI, updateProfileSchema } from '@portal/contracts';

/** Which Update dialog is open (areas §2: phone, address or password). */
export type UpdateMode = 'phone' | 'address' | 'password';

const U = SUPPORT_UI.profile;
const TITLES: Record<UpdateMode, string> = { phone: U.updatePhone, address: U.updateAddress, password: U.updatePassword };
const FIELDS: Record<UpdateMode, Array<'phone' | 'address' | 'password' | 'confirmPassword'>> = { phone: ['phone'], address: ['address'], password: ['password', 'confirmPassword'] };

/**
 * The Update dialog (areas §2, §5): Phone ("Invalid phone number"; the input stops at 10 characters),
 * Address, or Password + confirmation ("Password must be 8 characters long.", "Password doesn't
 * match"). After a password change the session continues with the fresh token the server answers.
 */
export function UpdateDialog({ mode, initial, onClose }: { mode: UpdateMode | null; initial: { phone: string; address: string }; onClose(): void }) {
  const stepUp = useStepUp();
  const client = useQueryClient();
  // The details are asked again only once the session holds the token a password change answers (below).
  const updateProfile = useEndpointMutation(E.updateUserProfile);
  const formik = useFormik({
    enableReinitialize: true,
    initialValues: { phone: initial.phone, address: initial.address, password: '', confirmPassword: '' },
    validationSchema: updateProfileSchema.pick(mode ? FIELDS[mode] : []),
    onSubmit: async (values, helpers) => {
      if (!mode) return;
      const body = mode === 'phone' ? { phone: values.phone } : mode === 'address' ? { address: values.address } : { password: values.password, confirmPassword: values.confirmPassword, ...stepUp.fields() };
      try {
        const answer = await updateProfile.mutateAsync({ body });
        if (typeof answer.token === 'string') useSession.getState().setToken(answer.token);
        notify.success(answer.message);
        await refreshUserDetails(client);
        helpers.resetForm();
        stepUp.reset();
        onClose();
      } catch (error) {
        // The kit showed the server's message; a step-up request also asks for the current password.
        stepUp.handle(error);
      }
    },
  });
  const close = () => stepUp.dismiss(formik, onClose);
  return (
    <FormDialog
      open={mode !== null}
      title={mode ? TITLES[mode] : ''}
      onClose={close}
      formId="profile-update-form"
      onSubmit={formik.handleSubmit}
      cancelLabel={SUPPORT_UI.common.cancel}
      submitLabel={U.update}
      busy={formik.isSubmitting}
    >
      <Stack $gap={4}>
        {mode === 'phone' && (
          <TextField
            label={U.phone}
            name="phone"
            inputMode="numeric"
            maxLength={DIGIT_INPUT_MAX_CHARS}
            value={formik.values.phone}
            onChange={(e) => formik.setFieldValue('phone', phoneInputDigits(e.target.value, SUPPORT_LIMITS.phoneDigits))}
            onBlur={formik.handleBlur}
            error={fieldError(formik, 'phone')}
            required
          />
        )}
        {mode === 'address' && (
          <TextAreaField label={U.address} name="address" rows={3} value={formik.values.address} onChange={formik.handleChange} onBlur={formik.handleBlur} error={fieldError(formik, 'address')} required />
        )}
        {mode === 'password' && (
          <>
            <TextField label={U.newPassword} name="password" type="password" autoComplete="new-password" value={formik.values.password} onChange={formik.handleChange} onBlur={formik.handleBlur} error={fieldError(formik, 'password')} required />
            <TextField
              label={U.confirmPassword}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={formik.values.confirmPassword}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              error={fieldError(formik, 'confirmPassword')}
              required
            />
            {stepUp.field}
          </>
        )}
      </Stack>
    </FormDialog>
  );
}
