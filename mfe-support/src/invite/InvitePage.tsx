import { useFormik } from 'formik';
import { CardFormPage, Muted, TextField, fieldError, notify, useEndpointMutation } from '@portal/kit';
import { inviteSchema, SUPPORT_ENDPOINTS as E, SUPPORT_UI, type InviteDto } from '@portal/contracts';

const U = SUPPORT_UI.invite;
/**
 * /invite (areas §2 "Invite", §5): Email ("Invalid Email."), Name ("Name is required.") and "Send
 * Invite". The server mails a sign-up link that welcomes the invited person by name. A mutation of the
 * kit's data layer that changes no list on screen.
 */
export function InvitePage() {
  const sendInvite = useEndpointMutation(E.sendInvite);
  const formik = useFormik<InviteDto>({
    initialValues: { email: '', name: '' },
    validationSchema: inviteSchema,
    onSubmit: async (values, helpers) => {
      try {
        const answer = await sendInvite.mutateAsync({ body: values });
        notify.success(answer.message);
        helpers.resetForm();
      } catch {
        // The kit showed the server's message (the daily limit, for one).
      }
    },
  });
  return (
    <CardFormPage title={U.title} width={560} gap={4} onSubmit={formik.handleSubmit} submit={U.send} busy={formik.isSubmitting}>
      <Muted style={{ marginBottom: 12 }}>{U.intro}</Muted>
      <TextField label={U.email} name="email" type="email" autoComplete="off" value={formik.values.email} onChange={formik.handleChange} onBlur={formik.handleBlur} error={fieldError(formik, 'email')} required />
      <TextField label={U.name} name="name" autoComplete="off" value={formik.values.name} onChange={formik.handleChange} onBlur={formik.handleBlur} error={fieldError(formik, 'name')} required />
    </CardFormPage>
  );
}

export default InvitePage;
