import styled from 'styled-components';
import { useFormik } from 'formik';
import { Link, useParams } from 'react-router-dom';
import { Button, Card, EmptyState, ErrorBox, FactGrid, Loader, MessageBubble, MessageHeader, MessageText, MessageThread, Muted, PageHeader, Stack, SubTitle, TextAreaField, endpointKey, fieldError, theme, useEndpointMutation, useEndpointQuery, useQueryClient } from '@portal/kit';
import { replyTicketSchema, SUPPORT_DESK_ENDPOINTS, SUPPORT_ENDPOINTS as E, SUPPORT_UI, TICKET_STATUS, type Envelope, type TicketDetail } from '@portal/contracts';
import { formatDay, formatDayTime } from '../support-common/format';
import { StatusBadge } from '../support-common/StatusBadge';
import { Attachments } from './Attachments';
import { AttachmentPicker } from '../tickets/AttachmentPicker';
import { useAttachmentUploads } from '../tickets/use-attachment-uploads';
import { replyKeyAction } from './reply-keys';

const U = SUPPORT_UI.ticket;

const Back = styled(Link)`
  color: ${theme.colors.accent};
  font-weight: 600;
  text-decoration: none;
`;

/**
 * /tickets/{id} (areas §2 "Ticket detail", §4, §5): Reason, Date, Status (Done or Pending), "Your
 * Concern" with its time and attachments, the thread (the user's messages on the right "Your Reply:",
 * support on the left "Support Team:", DD/MM/yyyy hh:mm A), and the reply box (Enter sends,
 * Shift+Enter adds a line) hidden once the ticket is done. The ticket is a query of the kit's data layer
 * asked at each opening (its attachment links are short-lived; the cached one shows meanwhile); a reply
 * is a mutation whose answer becomes the cached ticket and which reloads the ticket lists (docs/decisions/025).
 */
export function TicketDetailPage() {
  const { id } = useParams();
  const client = useQueryClient();
  const input = { query: { ticket_id: id ?? '' } };
  const query = useEndpointQuery(E.getTicketById, input, { silent: true, staleTime: 0 });
  const ticket: TicketDetail | null = query.data?.body ?? null;
  const failure = query.isError && !query.isFetching ? query.error : null;
  const state: 'loading' | 'ready' | 'missing' | 'failed' = failure ? (failure.status === 404 ? 'missing' : 'failed') : query.isFetching ? 'loading' : 'ready';
  const load = () => void query.refetch();
  const reply = useEndpointMutation(E.replyTicket, { invalidates: [E.getTicketListForUser, SUPPORT_DESK_ENDPOINTS.supportTickets, SUPPORT_DESK_ENDPOINTS.supportThread] });

  const attachments = useAttachmentUploads();
  const formik = useFormik<{ reply: string }>({
    initialValues: { reply: '' },
    validationSchema: replyTicketSchema.pick(['reply']),
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      if (!ticket || attachments.uploading) return;
      try {
        const answer = await reply.mutateAsync({ body: { ticket_id: ticket.ticket_id, reply: values.reply, attachement: attachments.filenames } });
        if (answer.body) client.setQueryData<Envelope<TicketDetail>>(endpointKey(E.getTicketById, input), answer);
        helpers.resetForm();
        attachments.reset();
      } catch {
        // The kit showed the server's message (a ticket closed meanwhile: reload to hide the box).
        load();
      }
    },
  });

  if (state === 'loading' && !ticket) return <Loader label={U.loading} />;
  if (state === 'missing' || state === 'failed') {
    return (
      <>
        <PageHeader title={SUPPORT_UI.tickets.title} />
        <Card>
          <ErrorBox>
            <p>{state === 'missing' ? U.notFound : SUPPORT_UI.common.loadFailed}</p>
            {state === 'failed' && (
              <Button type="button" variant="secondary" onClick={load}>
                {SUPPORT_UI.common.retry}
              </Button>
            )}
            <Back to="/tickets">{U.back}</Back>
          </ErrorBox>
        </Card>
      </>
    );
  }
  if (!ticket) return <EmptyState>{U.notFound}</EmptyState>;

  const done = ticket.status === TICKET_STATUS.done;
  const submitOnEnter = (e: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (replyKeyAction({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing }) !== 'send') return;
    e.preventDefault();
    if (!formik.isSubmitting) void formik.submitForm();
  };
  const replyError = fieldError(formik, 'reply');

  return (
    <>
      <PageHeader title={`${SUPPORT_UI.tickets.title} #${ticket.ticket_id}`} actions={<Back to="/tickets">{U.back}</Back>} />
      <Stack $gap={16}>
        <Card>
          <FactGrid>
            <div>
              <dt>{U.reason}</dt>
              <dd>{ticket.reason}</dd>
            </div>
            <div>
              <dt>{U.date}</dt>
              <dd>{formatDay(ticket.created_at)}</dd>
            </div>
            <div>
              <dt>{U.status}</dt>
              <dd>
                <StatusBadge $tone={done ? 'done' : 'pending'}>{done ? U.statusDone : U.statusPending}</StatusBadge>
              </dd>
            </div>
          </FactGrid>
        </Card>
        <Card>
          <MessageHeader>
            <SubTitle as="h2">{U.concern}</SubTitle>
            <time dateTime={new Date(ticket.created_at).toISOString()}>{formatDayTime(ticket.created_at)}</time>
          </MessageHeader>
          <MessageText>{ticket.reply}</MessageText>
          <Attachments items={ticket.attachments} />
        </Card>
        {ticket.replies.length > 0 && (
          <Card>
            <MessageThread aria-label={U.conversation}>
              {ticket.replies.map((r, i) => {
                const mine = r.sent_by === 'user';
                return (
                  <MessageBubble key={i} $mine={mine}>
                    <MessageHeader>
                      <span>{mine ? U.yourReply : U.supportTeam}</span>
                      <time dateTime={new Date(r.created_at).toISOString()}>{formatDayTime(r.created_at)}</time>
                    </MessageHeader>
                    <MessageText>{r.reply}</MessageText>
                    <Attachments items={r.attachments} />
                  </MessageBubble>
                );
              })}
            </MessageThread>
          </Card>
        )}
        {done ? (
          <Muted role="status">{U.closedNote}</Muted>
        ) : (
          <Card>
            <form noValidate onSubmit={formik.handleSubmit}>
              <TextAreaField
                label={U.replyLabel}
                name="reply"
                rows={3}
                placeholder={U.replyPlaceholder}
                value={formik.values.reply}
                onChange={formik.handleChange}
                onKeyDown={submitOnEnter}
                error={formik.submitCount > 0 ? formik.errors.reply : replyError}
              />
              <Stack $gap={12}>
                <AttachmentPicker label={U.attachToReply} items={attachments.items} onPick={attachments.pick} onRemove={attachments.remove} />
                <div>
                  <Button type="submit" busy={formik.isSubmitting} disabled={attachments.uploading}>
                    {U.send}
                  </Button>
                </div>
              </Stack>
            </form>
          </Card>
        )}
      </Stack>
    </>
  );
}

export default TicketDetailPage;
