import { useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { CardFormPage, EmptyState, Loader, Muted, TextField, api } from '@portal/kit';
import { OPS_ENDPOINTS as E, OPS_MESSAGES, OPS_UI, type StaffSession, type TotpEnrolment } from '@portal/contracts';

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
 * The server checks the same on every /api/ops/* call.
 */
export function TotpGate({ children }: { children: (session: StaffSession) => ReactNode }) {
  const [session, setSession] = useState<StaffSession | null>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void api.call(E.staffSession).then((res) => setSession(res.body ?? null), () => setSession(null));
  }, []);
  useEffect(() => {
    if (session?.staff && !session.totp_enrolled && !enrolment) void api.call(E.staffTotpEnrol).then((res) => setEnrolment(res.body ?? null), () => undefined);
  }, [session, enrolment]);

  if (!session) return <Loader />;
  if (!session.staff) return <EmptyState>{OPS_MESSAGES.forbidden}</EmptyState>;
  if (session.totp_verified) return <>{children(session)}</>;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await api.call(E.staffTotpVerify, { body: { code: code.trim() } });
      setSession(res.body ?? null);
    } catch {
      setCode('');
    } finally {
      setBusy(false);
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
