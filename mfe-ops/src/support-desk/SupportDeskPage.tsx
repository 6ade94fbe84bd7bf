import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, ConfirmDialog, Dialog, MessageBubble, MessageHeader, MessageText, MessageThread, Row, SelectField, Stack, TextAreaField, notify, theme, uploadToEndpoint, useEndpointMutation, useEndpointPage, useEndpointQuery, type DataTableColumn } from '@portal/kit';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_EXTENSIONS,
  fillMessage,
  SUPPORT_DESK_AGES,
  SUPPORT_DESK_ASSIGNED,
  SUPPORT_DESK_ENDPOINTS as SD,
  SUPPORT_DESK_LIMITS as L,
  SUPPORT_DESK_STATUSES,
  SUPPORT_DESK_UI as U,
  SUPPORT_ENDPOINTS,
  SUPPORT_MESSAGES,
  TICKET_SUBJECTS,
  type SupportDeskAge,
  type SupportDeskAssigned,
  type SupportDeskRow,
  type SupportDeskStatus,
  type SupportDeskThread,
  type SupportMember,
  type TicketAttachment,
} from '@portal/contracts';
import { DeskQueue, openColumn } from '../common/desk-parts';
import { useConsoleAction } from '../common/use-console-action';
import { formatWhen } from '../common/format';
import { DeskFacts } from '../common/desk-facts';

const STATUS_OPTIONS = SUPPORT_DESK_STATUSES.map((s) => ({ value: s, label: U.statusLabel[s] }));
const REASON_OPTIONS = [{ value: '', label: U.allReasons }, ...TICKET_SUBJECTS.map((r) => ({ value: r, label: r }))];
const AGE_OPTIONS = SUPPORT_DESK_AGES.map((a) => ({ value: a, label: U.ageLabel[a] }));
const ASSIGNED_OPTIONS = SUPPORT_DESK_ASSIGNED.map((a) => ({ value: a, label: U.assignedLabel[a] }));

/** How long ago `iso` was, in the largest whole unit (days, hours, minutes). */
export function ageOf(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes >= 1440) return fillMessage(U.ageDays, { n: Math.floor(minutes / 1440) });
  if (minutes >= 60) return fillMessage(U.ageHours, { n: Math.floor(minutes / 60) });
  return fillMessage(U.ageMinutes, { n: minutes });
}

/** The browser's pre-check of picked reply files (the artist's rules, areas §5 §9); the server decides on the bytes. */
export function checkFiles(already: number, files: readonly { name: string; size: number }[]): string | null {
  if (already + files.length > L.attachmentsMax) return SUPPORT_MESSAGES.tooManyAttachments;
  for (const f of files) {
    const ext = f.name.includes('.') ? f.name.split('.').pop()!.toLowerCase() : '';
    if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) return SUPPORT_MESSAGES.attachmentType;
    if (f.size > L.attachmentMaxBytes) return SUPPORT_MESSAGES.attachmentTooLarge;
  }
  return null;
}

const Waiting = styled.span`
  font-weight: 700;
  color: ${theme.colors.accent};
`;
const Files = styled.ul`
  list-style: none;
  margin: 6px 0 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  a, span.pending {
    display: inline-block;
    max-width: 100%;
    padding: 3px 10px;
    border: 1px solid ${theme.colors.border};
    border-radius: 999px;
    background: ${theme.colors.surface};
    font-size: ${theme.font.size.sm};
    overflow-wrap: anywhere;
  }
  a { color: ${theme.colors.accent}; }
`;
const Picked = styled.li`
  display: inline-flex;
  align-items: center;
  gap: 4px;
`;
const Sub = styled.h3`
  font-size: ${theme.font.size.md};
  margin: 4px 0;
`;
const FileLabel = styled.label`
  display: inline-flex;
  flex-direction: column;
  gap: 4px;
  font-size: ${theme.font.size.sm};
  font-weight: 700;
  input { max-width: 100%; font-weight: 400; }
  small { color: ${theme.colors.textMuted}; font-weight: 400; }
`;

const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** Attachments opened through their short-lived signed links, in a new tab. */
function AttachmentLinks({ items, label }: { items: TicketAttachment[]; label: string }) {
  if (!items.length) return null;
  return (
    <Files aria-label={label}>
      {items.map((a) => (
        <li key={a.filename}>
          <a href={a.url} target="_blank" rel="noopener noreferrer">
            {a.name} <small>({kb(a.size)})</small>
          </a>
        </li>
      ))}
    </Files>
  );
}

type Filters = { status: SupportDeskStatus; reason: string; age: SupportDeskAge; assigned: SupportDeskAssigned };

/** The queue of one filter set and page through the kit's data layer (docs/decisions/025), with loading and error states. */
function useQueue(f: Filters, page: number) {
  return useEndpointPage(SD.supportTickets, { query: { ...f, page, limit: L.pageSize } }, { silent: true });
}

/**
 * The support desk (docs/decisions/023-staff-desks.md "Support desk"), support role: the ticket queue
 * with age, whose word is last (open tickets where the artist wrote last first, marked "waiting"), and
 * who it is assigned to; filters by status (closed tickets stay findable), reason, age and assignment
 * ("mine"); pages. "Open" shows the ticket's thread. Works down to 412 px (the table becomes cards under
 * 600 px); every control is a native button, select or input, so it is used by keyboard alone.
 */
export function SupportDeskPage() {
  const [filters, setFilters] = useState<Filters>({ status: 'open', reason: '', age: 'any', assigned: 'all' });
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const queue = useQueue(filters, page);
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  const columns: DataTableColumn<SupportDeskRow>[] = [
    { key: 'id', header: U.columns.id, render: (r) => r.ticket_id },
    { key: 'artist', header: U.columns.artist, render: (r) => r.user_email },
    { key: 'reason', header: U.columns.reason, render: (r) => r.reason },
    { key: 'age', header: U.columns.age, render: (r) => <time dateTime={r.created_at} title={formatWhen(r.created_at)}>{ageOf(r.created_at)}</time> },
    { key: 'last', header: U.columns.last, render: (r) => (r.awaiting_support ? <Waiting>{U.lastBy.user}</Waiting> : U.lastBy[r.last_by]) },
    { key: 'assignee', header: U.columns.assignee, render: (r) => r.assigned_email || U.nobody },
    ...(filters.status === 'open' ? [] : [{ key: 'status', header: U.columns.status, render: (r: SupportDeskRow) => U.statusLabel[r.status] }]),
    openColumn(U.open, (r) => fillMessage(U.openLabel, { id: r.ticket_id }), (r) => setOpen(r.ticket_id)),
  ];

  return (
    <DeskQueue
      ui={U}
      filters={[
        { label: U.statusFilter, name: 'support-status', options: STATUS_OPTIONS, value: filters.status, onChange: (v) => set({ status: v as SupportDeskStatus }) },
        { label: U.reasonFilter, name: 'support-reason', options: REASON_OPTIONS, value: filters.reason, onChange: (v) => set({ reason: v }) },
        { label: U.ageFilter, name: 'support-age', options: AGE_OPTIONS, value: filters.age, onChange: (v) => set({ age: v as SupportDeskAge }) },
        { label: U.assignedFilter, name: 'support-assigned', options: ASSIGNED_OPTIONS, value: filters.assigned, onChange: (v) => set({ assigned: v as SupportDeskAssigned }) },
      ]}
      list={queue}
      columns={columns}
      rowKey={(r) => r.ticket_id}
      paging={{ page, onPage: setPage, pageSize: L.pageSize }}
    >
      {open !== null && <ThreadDialog ticketId={open} onClose={() => setOpen(null)} />}
    </DeskQueue>
  );
}


type PickedFile = { id: string; name: string; size: number; filename?: string };
let seq = 0;

/**
 * One ticket: the artist, reason, age, status and assignee; the artist's concern with its attachments;
 * every message (artist left, Support Team right) with theirs, opened through signed links; while open,
 * assignment to a support member, a reply with up to five files (uploaded when picked, removable) and
 * closing after a confirmation. Loading and error states; each action is a mutation of the kit's data
 * layer that reloads the thread, the queue and the artist's own ticket views (docs/decisions/025).
 */
function ThreadDialog({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  // The thread is asked anew at every opening and after every action: its signed links last 10 minutes.
  const threadQuery = useEndpointQuery(SD.supportThread, { query: { ticket_id: ticketId } }, { silent: true, staleTime: 0 });
  const membersQuery = useEndpointQuery(SD.supportMembers, {}, { silent: true });
  const thread: SupportDeskThread | null = threadQuery.data?.body ?? null;
  const failed = threadQuery.isError && !threadQuery.isFetching;
  const members: SupportMember[] = membersQuery.data?.body ?? [];
  // The assignee select shows the thread's assignee until the member picks another one.
  const [picked, setAssignee] = useState<string | null>(null);
  const assignee = picked ?? (thread?.assigned_to ? String(thread.assigned_to) : '');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [confirmClose, setConfirmClose] = useState(false);
  const uploads = useRef(new Map<string, AbortController>());
  const changes = { invalidates: [SD.supportThread, SD.supportTickets, SUPPORT_ENDPOINTS.getTicketListForUser, SUPPORT_ENDPOINTS.getTicketById] };
  const reply = useEndpointMutation(SD.supportReply, changes);
  const assignTicket = useEndpointMutation(SD.supportAssign, changes);
  const closeTicket = useEndpointMutation(SD.supportClose, changes);
  const { busy, run } = useConsoleAction();
  const load = async () => {
    await threadQuery.refetch();
    setAssignee(null);
  };
  useEffect(() => () => uploads.current.forEach((c) => c.abort()), []);

  const pick = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    const error = checkFiles(files.length, picked);
    if (error) {
      notify.error(error);
      return;
    }
    for (const file of picked) {
      const id = `s${++seq}`;
      const controller = new AbortController();
      uploads.current.set(id, controller);
      setFiles((fs) => [...fs, { id, name: file.name, size: file.size }]);
      uploadToEndpoint(SD.supportUploadAttachment, file, { signal: controller.signal })
        .then((answer) => setFiles((fs) => fs.map((f) => (f.id === id ? { ...f, filename: answer.body?.filename } : f))))
        .catch(() => setFiles((fs) => fs.filter((f) => f.id !== id)))
        .finally(() => uploads.current.delete(id));
    }
  };
  const removeFile = (id: string) => {
    uploads.current.get(id)?.abort();
    setFiles((fs) => fs.filter((f) => f.id !== id));
  };
  const uploading = files.some((f) => !f.filename);
  // The reloaded thread shows its assignee again.
  const after = () => setAssignee(null);
  const send = () =>
    run(
      () => reply.mutateAsync({ body: { ticket_id: ticketId, text: text.trim(), attachement: files.map((f) => f.filename!) } }),
      () => {
        setText('');
        setFiles([]);
        after();
      },
    );
  const assign = () => run(() => assignTicket.mutateAsync({ body: { ticket_id: ticketId, user_id: assignee ? Number(assignee) : null } }), after);
  const close = () => run(() => closeTicket.mutateAsync({ body: { ticket_id: ticketId } }), after, () => setConfirmClose(false));

  const title = thread ? fillMessage(U.threadTitle, { id: thread.ticket_id, reason: thread.reason }) : fillMessage(U.openLabel, { id: ticketId });
  const memberOptions = [{ value: '', label: U.nobodyOption }, ...members.map((m) => ({ value: String(m.user_id), label: m.email }))];
  const current = thread?.assigned_to ? String(thread.assigned_to) : '';

  return (
    <Dialog open title={title} onClose={onClose} width={800} actions={<Button variant="text" onClick={onClose}>{U.back}</Button>}>
      {failed ? (
        <Row $gap={8} $wrap>
          <p role="alert">{U.threadError}</p>
          <Button variant="secondary" onClick={() => void load()}>{U.retry}</Button>
        </Row>
      ) : !thread ? (
        <p role="status">{U.loading}</p>
      ) : (
        <Stack $gap={12}>
          <DeskFacts>
            <dt>{U.artist}</dt>
            <dd>{thread.user_email}</dd>
            <dt>{U.opened}</dt>
            <dd>
              {formatWhen(thread.created_at)} ({ageOf(thread.created_at)})
            </dd>
            <dt>{U.columns.status}</dt>
            <dd>{U.statusLabel[thread.status]}{thread.closed_at ? ` — ${formatWhen(thread.closed_at)}` : ''}</dd>
            <dt>{U.columns.assignee}</dt>
            <dd>{thread.assigned_email || U.nobody}</dd>
          </DeskFacts>
          <Sub>{U.threadHeading}</Sub>
          <MessageThread aria-label={title}>
            <MessageBubble $mine={false}>
              <MessageHeader>
                <span>{U.fromArtist}</span>
                <time dateTime={thread.created_at}>{formatWhen(thread.created_at)}</time>
              </MessageHeader>
              <MessageText>{thread.concern}</MessageText>
              <AttachmentLinks items={thread.attachments} label={`${U.attachments}: ${U.concern}`} />
            </MessageBubble>
            {thread.thread.map((m) => (
              <MessageBubble key={m.id} $mine={m.sent_by === 'support'}>
                <MessageHeader>
                  <span>{m.sent_by === 'support' ? U.fromSupport : U.fromArtist}</span>
                  <time dateTime={m.created_at}>{formatWhen(m.created_at)}</time>
                </MessageHeader>
                <MessageText>{m.text}</MessageText>
                <AttachmentLinks items={m.attachments} label={U.attachments} />
              </MessageBubble>
            ))}
          </MessageThread>
          {thread.status === 'closed' ? (
            <p>{U.closedNote}</p>
          ) : (
            <Stack $gap={10}>
              <Row $gap={8} $wrap>
                <SelectField label={U.assignTo} name="support-assignee" options={memberOptions} value={assignee} onChange={(e) => setAssignee(e.target.value)} />
                <Button variant="secondary" disabled={busy || assignee === current} onClick={() => void assign()}>
                  {assignee ? U.assign : U.unassign}
                </Button>
              </Row>
              <TextAreaField label={U.reply} name="support-reply" value={text} maxLength={L.replyMax} onChange={(e) => setText(e.target.value)} />
              <FileLabel>
                {U.attach}
                <input type="file" multiple accept={ATTACHMENT_ACCEPT} disabled={files.length >= L.attachmentsMax} onChange={(e) => { pick(e.target.files); e.target.value = ''; }} />
                <small>{U.attachHint}</small>
              </FileLabel>
              {files.length > 0 && (
                <Files aria-label={U.attachments}>
                  {files.map((f) => (
                    <Picked key={f.id}>
                      <span className="pending">
                        {f.name} <small>({f.filename ? kb(f.size) : '…'})</small>
                      </span>
                      <Button variant="text" aria-label={fillMessage(U.removeFile, { name: f.name })} onClick={() => removeFile(f.id)}>
                        ×
                      </Button>
                    </Picked>
                  ))}
                </Files>
              )}
              <Row $gap={8} $wrap>
                <Button disabled={busy || uploading || !text.trim()} onClick={() => void send()}>{U.send}</Button>
                <Button variant="secondary" disabled={busy} onClick={() => setConfirmClose(true)}>{U.closeTicket}</Button>
              </Row>
            </Stack>
          )}
        </Stack>
      )}
      <ConfirmDialog open={confirmClose} title={U.closeTicket} message={fillMessage(U.confirmClose, { id: ticketId })} confirmLabel={U.closeTicket} cancelLabel={U.cancel} busy={busy} onConfirm={() => void close()} onCancel={() => setConfirmClose(false)} />
    </Dialog>
  );
}
