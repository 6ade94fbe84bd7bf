import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { ArtworkImage, Button, Card, CheckboxField, ConfirmDialog, FactGrid, Loader, Muted, Row, SectionTitle, Stack, TextAreaField, TextField, fileUrl, notify, useEndpointFetch, useEndpointMutation, useEndpointQuery } from '@portal/kit';
import { DELIVERY_ENDPOINTS, DISTRIBUTION_ENDPOINTS, OPS_ENDPOINTS as E, OPS_UI, RELEASE_REJECTION_REASONS, fillMessage, type IdentifierConflict, type ReviewRelease } from '@portal/contracts';
import { theme } from '@portal/kit';
import { ReleaseDistributionPanel } from '../distribution/ReleaseDistributionPanel';

const U = OPS_UI.detail;
const Tracks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li { padding: 8px 0; border-bottom: 1px solid rgba(0, 0, 0, 0.08); }
  audio { display: block; width: 100%; max-width: 420px; margin-top: 6px; }
`;

/** Every field a reviewer checks, as [label, value, test id]. */
const facts = (r: ReviewRelease): Array<[string, string, string?]> => [
  ['Title', r.release_title],
  ['Artist', r.artist_name],
  ['Account', r.user_email],
  ['Status', r.status, 'ops-status'],
  ['Type', r.release_type],
  ['Genre', `${r.genre} / ${r.sub_genre}`],
  ['Label', r.lable_name],
  ['Release date', new Date(r.release_date).toLocaleDateString()],
  ['℗ line', r.p_line],
  ['© line', r.c_line],
  ['UPC', r.upc_ean || '—', 'ops-upc'],
  ...(r.reason ? ([['Reason', r.reason]] as Array<[string, string]>) : []),
];

type Pending = 'approve' | 'reject' | 'takedown' | null;

const Warning = styled.section`
  border: 1px solid ${theme.colors.danger};
  border-left-width: 4px;
  border-radius: 8px;
  padding: 12px 16px;
  background: ${theme.colors.dangerSoft};
  ul { margin: 8px 0 0; padding-left: 18px; }
  li { margin: 6px 0; overflow-wrap: anywhere; }
  a { font-weight: 600; }
`;

/**
 * Other releases carrying this release's UPC or a track's ISRC (docs/decisions/016), each with a link
 * to that release's review page. Another account's code is a warning; the same account's ISRC on a
 * re-release is shown as information.
 */
export function IdentifierWarnings({ conflicts }: { conflicts: IdentifierConflict[] }) {
  if (!conflicts.length) return null;
  return (
    <Warning role="alert" aria-labelledby="identifier-warnings" data-testid="identifier-warnings">
      <SectionTitle id="identifier-warnings">{U.identifiersHeading}</SectionTitle>
      <ul>
        {conflicts.map((c) => {
          const values = { kind: c.kind.toUpperCase(), code: c.code, title: c.release_title, release_id: String(c.release_id), email: c.user_email };
          return (
            <li key={`${c.kind}-${c.code}-${c.release_id}-${c.track_id ?? 0}`}>
              {fillMessage(c.same_owner && c.kind === 'isrc' ? U.identifierSameOwner : U.identifierOther, values)}{' '}
              <Link to={`/ops/review/${c.release_id}`}>{fillMessage(U.openOther, values)}</Link>
            </li>
          );
        })}
      </ul>
    </Warning>
  );
}

/** One track with a Play button that asks for a staff-only signed link (anew at each opening: it expires). */
function TrackItem({ track }: { track: ReviewRelease['tracks'][number] }) {
  const [src, setSrc] = useState<string | null>(null);
  const audioLink = useEndpointFetch(E.reviewAudioLink);
  const play = async () => {
    try {
      setSrc((await audioLink({ query: { track_id: track.track_id } })).body?.url ?? null);
    } catch {
      // The kit showed the server's message; Play stays.
    }
  };
  return (
    <li>
      <strong>{track.title}</strong> <Muted as="span">ISRC {track.isrc || '—'} · instrumental {track.instrumental} · lyrics {track.lyrics_language || '—'} · composer {track.composer1} · lyricist {track.author1}</Muted>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a reviewer's preview of the submitted recording: music has no caption track (lyrics are their own field) */}
      {src ? <audio controls autoPlay src={src} /> : <Button variant="secondary" onClick={play}>{U.play}</Button>}
    </li>
  );
}

/** A release under review (docs/decisions/008): every field, artwork, tracks; approve, reject with reasons, take down. */
export function ReviewDetail({ releaseId }: { releaseId: number }) {
  const navigate = useNavigate();
  const detail = useEndpointQuery(E.reviewRelease, { query: { release_id: releaseId } });
  const release: ReviewRelease | null = detail.data?.body ?? null;
  // A decision changes the release, the queue, and its store QC and deliveries.
  const decided = { invalidates: [E.reviewRelease, E.reviewQueue, DISTRIBUTION_ENDPOINTS.opsReleaseQc, DELIVERY_ENDPOINTS.opsDeliveries] };
  const approve = useEndpointMutation(E.approveRelease, decided);
  const reject = useEndpointMutation(E.rejectRelease, decided);
  const takedown = useEndpointMutation(E.takedownRelease, decided);
  const [reasons, setReasons] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [takedownReason, setTakedownReason] = useState('');
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);

  // A release that cannot be read (gone, or not in this console's reach) sends the reviewer back to the queue.
  const unreadable = detail.isError;
  useEffect(() => {
    if (unreadable) navigate('/ops/review');
  }, [unreadable, navigate]);

  if (!release) return <Loader />;
  const toggle = (code: string) => setReasons((r) => (r.includes(code) ? r.filter((c) => c !== code) : [...r, code]));
  const confirm = async () => {
    setBusy(true);
    try {
      const res =
        pending === 'approve'
          ? await approve.mutateAsync({ body: { release_id: releaseId } })
          : pending === 'reject'
            ? await reject.mutateAsync({ body: { release_id: releaseId, reasons, note } })
            : await takedown.mutateAsync({ body: { release_id: releaseId, reason: takedownReason } });
      notify.success(res.body?.upc_ean && pending === 'approve' ? `${res.message} UPC ${res.body.upc_ean}` : res.message);
      setPending(null);
    } catch {
      setPending(null);
    } finally {
      setBusy(false);
    }
  };
  const inReview = release.status === 'in_review';
  return (
    <Stack $gap={16}>
      <IdentifierWarnings conflicts={release.identifier_conflicts ?? []} />
      <Card>
        <Row $gap={16} style={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
          {release.album_artwork && (
            // The reviewer sees a rendition (docs/decisions/010); the original opens at full size to check the guidelines.
            <a href={fileUrl.artwork(release.album_artwork)} target="_blank" rel="noreferrer" title={OPS_UI.detail.artworkOriginal} aria-label={OPS_UI.detail.artworkOriginal}>
              <ArtworkImage filename={release.album_artwork} alt={OPS_UI.detail.artwork} size={160} loading="eager" />
            </a>
          )}
          <FactGrid style={{ flex: 1, minWidth: 240 }}>
            {facts(release).map(([label, value, testId]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd data-testid={testId}>{value}</dd>
              </div>
            ))}
          </FactGrid>
        </Row>
      </Card>
      <Card>
        <SectionTitle>{U.tracks}</SectionTitle>
        <Tracks>{release.tracks.map((t) => <TrackItem key={t.track_id} track={t} />)}</Tracks>
      </Card>
      <ReleaseDistributionPanel releaseId={releaseId} status={release.status} />
      {inReview && (
        <Card>
          <SectionTitle>{U.reasons}</SectionTitle>
          <Stack $gap={8}>
            {RELEASE_REJECTION_REASONS.map((r) => (
              <CheckboxField key={r.code} name={`reason-${r.code}`} label={`${r.label} (${r.field})`} checked={reasons.includes(r.code)} onChange={() => toggle(r.code)} />
            ))}
            <TextAreaField label={U.note} name="note" value={note} onChange={(e) => setNote(e.target.value)} />
            <Row $gap={8}>
              <Button onClick={() => setPending('approve')}>{U.approve}</Button>
              <Button variant="danger" disabled={!reasons.length} onClick={() => setPending('reject')}>{U.reject}</Button>
            </Row>
          </Stack>
        </Card>
      )}
      {release.status === 'approved' && (
        <Card>
          <Stack $gap={8}>
            <TextField label={U.takedownReason} name="takedown" value={takedownReason} onChange={(e) => setTakedownReason(e.target.value)} />
            <div><Button variant="danger" disabled={!takedownReason.trim()} onClick={() => setPending('takedown')}>{U.takedown}</Button></div>
          </Stack>
        </Card>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending === 'approve' ? U.approve : pending === 'reject' ? U.reject : U.takedown}
        message={pending === 'approve' ? U.confirmApprove : pending === 'reject' ? U.confirmReject : U.confirmTakedown}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}
