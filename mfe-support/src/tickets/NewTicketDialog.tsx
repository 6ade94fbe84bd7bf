import { useRef, useState } from 'react';
import { useFormik } from 'formik';
import { Button, Dialog, SelectField, Stack, TextAreaField, api, fieldError, notify, uploadToEndpoint } from '@portal/kit';
import { createTicketSchema, SUPPORT_ENDPOINTS as E, SUPPORT_UI, TICKET_SUBJECTS, type CreateTicketDto } from '@portal/contracts';
import { AttachmentPicker, type PickerItem } from './AttachmentPicker';
import { checkPicked } from './attachment-rules';

const REASONS = TICKET_SUBJECTS.map((s) => ({ value: s, label: s }));
let seq = 0;

/**
 * "New Ticket" dialog (areas §2, §5): Reason (six subjects), "Tell us more about it", attachments
 * (max 5; each uploaded as soon as it is picked, with its name, size and a remove button). The form
 * checks with the contracts schema the API uses; `onCreated` runs after the server accepted it.
 */
export function NewTicketDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(): void }) {
  const [items, setItems] = useState<PickerItem[]>([]);
  const uploads = useRef(new Map<string, AbortController>());

  const formik = useFormik<{ reason: string; reply: string }>({
    initialValues: { reason: '', reply: '' },
    validationSchema: createTicketSchema.pick(['reason', 'reply']),
    onSubmit: async (values) => {
      const body: Partial<CreateTicketDto> = { reason: values.reason as CreateTicketDto['reason'], reply: values.reply, attachement: items.map((i) => i.filename!) };
      try {
        const answer = await api.call(E.createTicket, { body });
        notify.success(answer.message);
        reset();
        onCreated();
      } catch {
        // The kit showed the server's message.
      }
    },
  });

  const reset = () => {
    for (const c of uploads.current.values()) c.abort();
    uploads.current.clear();
    setItems([]);
    formik.resetForm();
  };
  const close = () => {
    reset();
    onClose();
  };

  const pick = (files: File[]) => {
    const { accepted, error } = checkPicked(items.length, files);
    if (error) notify.error(error);
    for (const file of accepted) {
      const id = `f${++seq}`;
      const controller = new AbortController();
      uploads.current.set(id, controller);
      setItems((list) => [...list, { id, name: file.name, size: file.size, progress: 0 }]);
      uploadToEndpoint(E.uploadTicketAttachment, file, {
        signal: controller.signal,
        onProgress: (progress) => setItems((list) => list.map((i) => (i.id === id ? { ...i, progress } : i))),
      })
        .then((answer) => setItems((list) => list.map((i) => (i.id === id ? { ...i, filename: answer.body?.filename, size: answer.body?.size ?? i.size } : i))))
        .catch(() => setItems((list) => list.filter((i) => i.id !== id)))
        .finally(() => uploads.current.delete(id));
    }
  };
  const remove = (id: string) => {
    uploads.current.get(id)?.abort();
    setItems((list) => list.filter((i) => i.id !== id));
  };

  const uploading = items.some((i) => !i.filename);
  return (
    <Dialog
      open={open}
      title={SUPPORT_UI.tickets.dialogTitle}
      onClose={close}
      width={560}
      actions={
        <>
          <Button type="button" variant="secondary" onClick={close}>
            {SUPPORT_UI.common.cancel}
          </Button>
          <Button type="submit" form="new-ticket-form" busy={formik.isSubmitting} disabled={uploading || formik.isSubmitting}>
            {SUPPORT_UI.tickets.submit}
          </Button>
        </>
      }
    >
      <form id="new-ticket-form" noValidate onSubmit={formik.handleSubmit}>
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
          <AttachmentPicker items={items} onPick={pick} onRemove={remove} />
        </Stack>
      </form>
    </Dialog>
  );
}
