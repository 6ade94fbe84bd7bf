import { useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { ApiError, CardFormPage, EmptyState, endpointKey, Loader, Muted, TextField, useEndpointMutation, useEndpointQuery, useQueryClient } from '@portal/kit';
import { OPS_ENDPOINTS as E, OPS_MESSAGES, OPS_UI, STAFF_DESK_MESSAGES, type Envelope, type StaffSession, type TotpEnrolment } from '@portal/contracts';

const U = OPS_UI.totp;
const Qr = styled.img`
  width: 220px;
  height: 220px;
  max-width: 100%;
  image-rendering: pixelated;
`;
const Key = styled.code`
  word-break: break-all;
  font-size: 13px;
`;

/**
 * The console's door (docs/decisions/008): a non-staff caller sees the one refusal; a staff session enrols TOTP
 * (QR code of the otpauth:// URI) the first time, then passes a code; only then `children` render.
 * The server checks the same on every /api/ops/* call. The session is a query of the kit's data layer,
 * asked at each opening of the console and awaited (docs/decisions/025); enrolment and verification are
 * mutations, and a verified code's answer becomes the cached session (the drawer's link reads it too).
 */
export function TotpGate({ children }: { children: (session: StaffSession) => ReactNode }) {
  const client = useQueryClient();
  const sessionQuery = useEndpointQuery(E.staffSession, {}, { staleTime: 0 });
  // The door opens on this opening's answer only (the drawer's cached one may be older than a verification
  // or an ended console session); a failed check keeps it shut.
  const session: StaffSession | null = sessionQuery.isFetchedAfterMount && !sessionQuery.isError ? (sessionQuery.data?.body ?? null) : null;
  const enrol = useEndpointMutation(E.staffTotpEnrol);
  const enrolment: TotpEnrolment | null = enrol.data?.body ?? null;
  const verify = useEndpointMutation(E.staffTotpVerify);
  const [code, setCode] = useState('');
  const busy = verify.isPending;

  // An open console whose staff access was removed meanwhile (issue 38 item 13): a desk's call answers
  // 403; the session is asked again, and when it is no staff any more the console says the access ended
  // instead of each desk's "could not be loaded".
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    let checking = false;
    const recheck = (error: unknown) => {
      if (checking || !(error instanceof ApiError) || error.status !== 403) return;
      const opened = client.getQueryData<Envelope<StaffSession>>(endpointKey(E.staffSession))?.body;
      if (!opened?.staff || !opened.totp_verified) return;
      checking = true;
      void client
        .refetchQueries({ queryKey: endpointKey(E.staffSession) })
        .then(() => {
          if (!client.getQueryData<Envelope<StaffSession>>(endpointKey(E.staffSession))?.body?.staff) setEnded(true);
        })
        .catch(() => undefined)
        .finally(() => {
          checking = false;
        });
    };
    const offQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    const offMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [client]);

  // A staff member without an authenticator gets a new secret, once per opening of the gate.
  const needsSecret = !!session?.staff && !session.totp_enrolled;
  const { mutate: startEnrolment, isIdle: notEnrolling } = enrol;
  useEffect(() => {
    if (needsSecret && notEnrolling) startEnrolment({});
  }, [needsSecret, notEnrolling, startEnrolment]);

  if (ended)
    return (
      <div role="alert">
        <EmptyState>{STAFF_DESK_MESSAGES.accessEnded}</EmptyState>
      </div>
    );
  if (!session) return <Loader />;
  if (!session.staff) return <EmptyState>{OPS_MESSAGES.forbidden}</EmptyState>;
  if (session.totp_verified) return <>{children(session)}</>;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      const res = await verify.mutateAsync({ body: { code: code.trim() } });
      client.setQueryData<Envelope<StaffSession>>(endpointKey(E.staffSession), res);
    } catch {
      setCode('');
    }
  };
  return (
    <CardFormPage title={U.heading} width={480} gap={16} onSubmit={submit} submit={U.submit} busy={busy} disabled={!/^\d{6}$/.test(code.trim())}>
      <Muted>{session.totp_enrolled ? U.verifyIntro : U.enrolIntro}</Muted>
      {!session.totp_enrolled && enrolment && (
        <>
          <Qr src={enrolment.qr_data_url} alt="QR code of the authenticator secret" />
          <Muted>
            {U.key}: <Key data-testid="totp-secret">{enrolment.secret}</Key>
          </Muted>
        </>
      )}
      <TextField label={U.code} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} required />
    </CardFormPage>
  );
}
