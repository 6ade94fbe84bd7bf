import { useFormik } from 'formik';
import { FormDialog, SelectField, Stack, TextAreaField, fieldError, notify, useEndpointMutation } from '@portal/kit';
import { createTicketSchema, SUPPORT_DESK_ENDPOINTS, SUPPORT_ENDPOINTS as E, SUPPORT_UI, TICKET_SUBJECTS, type CreateTicketDto } from '@portal/contracts';
import { AttachmentPicker } from './AttachmentPicker';
import { useAttachmentUploads } from './use-attachment-uploads';

const REASONS = TICKET_SUBJECTS.map((s) => ({ value: s, label: s }));

/**
 * "New Ticket" dialog (areas §2, §5): Reason (six subjects), "Tell us more about it", attachments
 * (max 5; each uploaded as soon as it is picked, with its name, size and a remove button). The form
 * checks with the contracts schema the API uses; `onCreated` runs after the server accepted it and the
 * ticket lists (the artist's, the support desk's) were asked again (docs/decisions/025).
 */
export function NewTicketDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(): void }) {
  const attachments = useAttachmentUploads();
  const createTicket = useEndpointMutation(E.createTicket, { invalidates: [E.getTicketListForUser, SUPPORT_DESK_ENDPOINTS.supportTickets] });

  const formik = useFormik<{ reason: string; reply: string }>({
    initialValues: { reason: '', reply: '' },
    validationSchema: createTicketSchema.pick(['reason', 'reply']),
    onSubmit: async (values) => {
      const body: CreateTicketDto = { reason: values.reason as CreateTicketDto['reason'], reply: values.reply, attachement: attachments.filenames };
      try {
        const answer = await createTicket.mutateAsync({ body });
        notify.success(answer.message);
        reset();
        onCreated();
      } catch {
        // The kit showed the server's message.
      }
    },
  });

  const reset = () => {
    attachments.reset();
    formik.resetForm();
  };
  const close = () => {
    reset();
    onClose();
  };

  const uploading = attachments.uploading;
  return (
    <FormDialog
      open={open}
      title={SUPPORT_UI.tickets.dialogTitle}
      onClose={close}
      width={560}
      formId="new-ticket-form"
      onSubmit={formik.handleSubmit}
      cancelLabel={SUPPORT_UI.common.cancel}
      submitLabel={SUPPORT_UI.tickets.submit}
      busy={formik.isSubmitting}
      disabled={uploading || formik.isSubmitting}
    >
      <Stack $gap={4}>
        <SelectField
          label={SUPPORT_UI.tickets.reasonLabel}
          name="reason"
          placeholder={SUPPORT_UI.tickets.reasonPlaceholder}
          options={REASONS}
          value={formik.values.reason}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={fieldError(formik, 'reason')}
          required
        />
        <TextAreaField
          label={SUPPORT_UI.tickets.concernLabel}
          name="reply"
          rows={5}
          value={formik.values.reply}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={fieldError(formik, 'reply')}
          required
        />
        <AttachmentPicker items={attachments.items} onPick={attachments.pick} onRemove={attachments.remove} />
      </Stack>
    </FormDialog>
  );
}
