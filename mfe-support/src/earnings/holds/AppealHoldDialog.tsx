import { useState } from 'react';
import { FormDialog, Stack, TextAreaField, notify, useEndpointMutation } from '@portal/kit';
import { fillMessage, MONEY_TRUST_ENDPOINTS as MT, MONEY_TRUST_MESSAGES, MONEY_TRUST_UI, SUPPORT_ENDPOINTS, type HoldView } from '@portal/contracts';
import { AttachmentPicker } from '../../tickets/AttachmentPicker';
import { useAttachmentUploads } from '../../tickets/use-attachment-uploads';

const U = MONEY_TRUST_UI.holds;

/**
 * The appeal of a hold (docs/decisions/039): the artist's explanation and attachments (campaign
 * receipts, playlist placements; uploaded as picked, like a ticket's). Sending opens a support ticket
 * bound to the hold; the holds list and the ticket list are asked again.
 */
export function AppealHoldDialog({ hold, onClose }: { hold: HoldView | null; onClose(): void }) {
  const attachments = useAttachmentUploads();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const appeal = useEndpointMutation(MT.appealHold, { invalidates: [MT.getHolds, SUPPORT_ENDPOINTS.getTicketListForUser] });
  const close = () => {
    attachments.reset();
    setText('');
    setError('');
    onClose();
  };
  const submit = async () => {
    if (!hold) return;
    if (!text.trim()) {
      setError(MONEY_TRUST_MESSAGES.appealText);
      return;
    }
    try {
      const answer = await appeal.mutateAsync({ body: { hold_id: hold.hold_id, text: text.trim(), attachement: attachments.filenames } });
      notify.success(answer.message);
      close();
    } catch {
      // The kit showed the server's message.
    }
  };
  return (
    <FormDialog
      open={hold !== null}
      title={fillMessage(U.appealTitle, { id: hold?.hold_id ?? '' })}
      onClose={close}
      width={560}
      formId="appeal-hold-form"
      onSubmit={(e) => {
        e?.preventDefault();
        void submit();
      }}
      cancelLabel={U.cancel}
      submitLabel={U.send}
      busy={appeal.isPending}
      disabled={attachments.uploading || appeal.isPending}
    >
      <Stack $gap={4}>
        {hold && <p style={{ margin: 0 }}>{hold.reason}</p>}
        <TextAreaField label={U.appealLabel} name="appeal" rows={5} value={text} onChange={(e) => setText(e.target.value)} error={error || undefined} required />
        <AttachmentPicker items={attachments.items} onPick={attachments.pick} onRemove={attachments.remove} />
      </Stack>
    </FormDialog>
  );
}
