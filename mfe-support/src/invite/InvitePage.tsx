import styled from 'styled-components';
import { useFormik } from 'formik';
import { Button, Card, Muted, PageHeader, Stack, TextField, api, fieldError, notify } from '@portal/kit';
import { inviteSchema, SUPPORT_ENDPOINTS as E, SUPPORT_UI, type InviteDto } from '@portal/contracts';

const U = SUPPORT_UI.invite;
const Narrow = styled(Card)`
  max-width: 560px;
`;

/**
 * /invite (areas §2 "Invite", §5): Email ("Invalid Email."), Name ("Name is required.") and "Send
 * Invite". The server mails a sign-up link that welcomes the invited person by name.
 */
export function InvitePage() {
  const formik = useFormik<InviteDto>({
    initialValues: { email: '', name: '' },
    validationSchema: inviteSchema,
    onSubmit: async (values, helpers) => {
      try {
        const answer = await api.call(E.sendInvite, { body: values });
        notify.success(answer.message);
        helpers.resetForm();
      } catch {
        // The kit showed the server's message (the daily limit, for one).
      }
    },
  });
  return (
    <>
      <PageHeader title={U.title} />
      <Narrow>
        <form noValidate onSubmit={formik.handleSubmit}>
          <Stack $gap={4}>
            <Muted style={{ marginBottom: 12 }}>{U.intro}</Muted>
            <TextField label={U.email} name="email" type="email" autoComplete="off" value={formik.values.email} onChange={formik.handleChange} onBlur={formik.handleBlur} error={fieldError(formik, 'email')} required />
            <TextField label={U.name} name="name" autoComplete="off" value={formik.values.name} onChange={formik.handleChange} onBlur={formik.handleBlur} error={fieldError(formik, 'name')} required />
            <div>
              <Button type="submit" busy={formik.isSubmitting}>
                {U.send}
              </Button>
            </div>
          </Stack>
        </form>
      </Narrow>
    </>
  );
}

export default InvitePage;
