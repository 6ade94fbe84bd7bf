import { useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Card, ConfirmDialog, ErrorBox, Loader, Muted, PageHeader, SectionTitle, Stack, endpointKey, notify, theme, useEndpointMutation, useEndpointQuery, useQueryClient, useUserDetails } from '@portal/kit';
import { ARTIST_JOURNEY_UI, AUTH_ENDPOINTS, countryName, fillMessage, SUPPORT_ENDPOINTS as E, SUPPORT_MESSAGES as M, SUPPORT_UI, type BankDetails, type Envelope } from '@portal/contracts';
import { formatUsd } from '../support-common/format';
import { BankDialog } from './BankDialog';
import { canRequestPayout, clientCode, newIdempotencyKey, withdrawAction } from './payout-rules';
import { PayoutHistory, usePayoutHistory } from './PayoutHistory';
import { UpdateDialog, type UpdateMode } from './UpdateDialog';

const U = SUPPORT_UI.profile;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 20px;
  align-items: start;
  @media (max-width: 1000px) { grid-template-columns: minmax(0, 1fr); }
`;
const Facts = styled.dl`
  margin: 12px 0 0;
  display: grid;
  grid-template-columns: minmax(110px, max-content) minmax(0, 1fr) auto;
  gap: 10px 14px;
  align-items: center;
  dt { color: ${theme.colors.textMuted}; font-size: ${theme.font.size.sm}; }
  dd { margin: 0; font-weight: 600; overflow-wrap: break-word; min-width: 0; }
  @media (max-width: 480px) { grid-template-columns: minmax(0, 1fr) auto; dt { grid-column: 1 / -1; margin-bottom: -8px; } }
`;
const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;
const Balance = styled.p`
  margin: 4px 0 14px;
  font-size: 28px;
  font-weight: 800;
  color: ${theme.colors.text};
`;
const IconButton = styled.button`
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  color: ${theme.colors.accent};
  width: 36px;
  height: 36px;
  border-radius: ${theme.radii.sm};
  cursor: pointer;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  &:hover { background: ${theme.colors.accentSoft}; }
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; }
`;
const ButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;
const TooltipWrap = styled.span`
  display: inline-block;
`;

/** One row of a facts list with an optional action at its end. */
function Fact({ label, value, action }: { label: string; value: ReactNode; action?: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      {/* Without an action the value takes the action's column too. */}
      <dd style={action ? undefined : { gridColumn: 'span 2' }}>{value}</dd>
      {/* A <dl> may only hold dt/dd groups (axe definition-list): the action is a dd of the same term. */}
      {action && <dd>{action}</dd>}
    </>
  );
}

/** What the payout confirmation says is paid where: the Indian account, the IBAN or PayPal (docs/decisions/017, 025). */
function payoutDetails(bank: BankDetails, amount: string): string {
  if (bank.payout_method === 'iban') return fillMessage(U.payoutDetailsIban, { amount, holder: bank.holder_name, account: bank.iban, bic: bank.bic });
  if (bank.payout_method === 'paypal') return fillMessage(U.payoutDetailsPaypal, { amount, holder: bank.holder_name, email: bank.paypal_email });
  return fillMessage(U.payoutDetails, { amount, holder: bank.holder_name, account: bank.account_number, bank: bank.bank_name, ifsc: bank.ifsc_code });
}

/** A part of the profile that could not be loaded: what failed (`message`) and Retry. */
function LoadFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <ErrorBox>
      <p>{message}</p>
      <Button type="button" variant="secondary" onClick={onRetry}>
        {SUPPORT_UI.common.retry}
      </Button>
    </ErrorBox>
  );
}

/**
 * /profile, menu "Withdrawal" (areas §2 "Profile and withdrawal", §4, §5): "User Details" (Client
 * Code FR-US-{id}, name, email, phone/address/password with Update dialogs, the note about name and
 * e-mail), the balance, the bank card (edit icon, "Request Payout" only with every field but other
 * details, else the tooltip "Please input all fields"; confirmation "Are you sure you want to request
 * for payout?") or, without bank details, "Add bank details" (the form at any balance, issue 38) and
 * "Withdraw" with the $100 note, and the payout history.
 */
export function ProfilePage() {
  // The profile shows the balance: each opening asks the server (the data layer's cached answer, which
  // the top bar and the dashboard's "Get started" profile check read too, shows meanwhile).
  const { details, failed: detailsFailed, reload: reloadDetails } = useUserDetails({ fresh: true });
  // The bank details through the data layer too, asked on each opening: the dashboard's "Get started"
  // bank check reads the same answer, so a save here shows there without asking again.
  const bankQuery = useEndpointQuery(E.getUserBankDetails, {}, { silent: true, staleTime: 0 });
  const bank = bankQuery.data?.body ?? null;
  const bankState: 'loading' | 'ready' | 'failed' = bankQuery.data ? 'ready' : bankQuery.isError && !bankQuery.isFetching ? 'failed' : 'loading';
  const [updating, setUpdating] = useState<UpdateMode | null>(null);
  const [bankDialog, setBankDialog] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [paying, setPaying] = useState(false);
  const [page, setPage] = useState(1);
  const history = usePayoutHistory(page);
  const payoutKey = useRef('');

  const client = useQueryClient();
  const saveBank = (saved: BankDetails) =>
    client.setQueryData<Envelope<BankDetails | null>>(endpointKey(E.getUserBankDetails), (old) => ({ status: 200, message: '', ...old, body: saved }));

  // A payout request changes the balance (top bar, profile, dashboard check) and the payout history.
  const withdrawMoney = useEndpointMutation(E.withdrawMoney, { invalidates: [AUTH_ENDPOINTS.getUserDetails, E.getPayoutHistory] });
  const requestPayout = async () => {
    setPaying(true);
    try {
      const answer = await withdrawMoney.mutateAsync({ body: {}, headers: { 'Idempotency-Key': payoutKey.current } });
      notify.success(answer.message);
      setConfirming(false);
      setPage(1);
    } catch {
      setConfirming(false);
    } finally {
      setPaying(false);
    }
  };
  const openConfirm = () => {
    payoutKey.current = newIdempotencyKey();
    setConfirming(true);
  };
  const withdraw = () => {
    if (withdrawAction(details?.revenue ?? 0) === 'minimum') notify.error(M.minimumWithdrawal);
    else setBankDialog(true);
  };

  if (!details) {
    return (
      <>
        <PageHeader title={U.title} />
        {detailsFailed ? <LoadFailed message={U.detailsFailed} onRetry={reloadDetails} /> : <Loader label={U.loading} />}
      </>
    );
  }
  const revenueCents = Math.round((details.revenue ?? 0) * 100);
  const payoutReady = canRequestPayout(bank);
  const edit = (mode: UpdateMode, label: string) => (
    <Button type="button" variant="text" aria-label={`${U.update} ${label}`} onClick={() => setUpdating(mode)}>
      {U.update}
    </Button>
  );

  return (
    <>
      <PageHeader title={U.title} />
      <Stack $gap={20}>
        <Columns>
          <Card>
            <SectionTitle>{U.userDetails}</SectionTitle>
            <Facts>
              <Fact label={U.clientCode} value={clientCode(details.user_id)} />
              <Fact label={U.name} value={details.name} />
              <Fact label={U.email} value={details.email} />
              <Fact label={U.phone} value={details.phone} action={edit('phone', U.phone)} />
              <Fact label={U.address} value={details.address} action={edit('address', U.address)} />
              <Fact label={U.password} value={U.maskedPassword} action={edit('password', U.password)} />
            </Facts>
            <Muted style={{ marginTop: 14 }}>{U.nameEmailNote}</Muted>
          </Card>
          <Card>
            <Head>
              <SectionTitle>{U.bankTitle}</SectionTitle>
              {bank && (
                <IconButton type="button" aria-label={U.editBank} title={U.editBank} onClick={() => setBankDialog(true)}>
                  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                    <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
                  </svg>
                </IconButton>
              )}
            </Head>
            <Muted style={{ marginTop: 10 }}>{U.balance}</Muted>
            <Balance data-testid="balance">{formatUsd(revenueCents)}</Balance>
            {bankState === 'loading' && <Loader label={U.loadingBank} />}
            {bankState === 'failed' && <LoadFailed message={U.bankFailed} onRetry={() => void bankQuery.refetch()} />}
            {bankState === 'ready' && bank && (
              <>
                <Facts>
                  {bank.payout_method === 'iban' || bank.payout_method === 'paypal' ? (
                    <>
                      <Fact label={U.country} value={countryName(bank.country)} />
                      <Fact label={U.method} value={U.methodLabel[bank.payout_method]} />
                      {bank.payout_method === 'iban' ? (
                        <>
                          <Fact label={U.bankName} value={bank.bank_name} />
                          <Fact label={U.iban} value={bank.iban} />
                          <Fact label={U.bic} value={bank.bic} />
                        </>
                      ) : (
                        <Fact label={U.paypalEmail} value={bank.paypal_email} />
                      )}
                      <Fact label={U.holder} value={bank.holder_name} />
                    </>
                  ) : (
                    <>
                      <Fact label={U.bankName} value={bank.bank_name} />
                      <Fact label={U.ifsc} value={bank.ifsc_code} />
                      <Fact label={U.branch} value={bank.branch_name} />
                      <Fact label={U.account} value={bank.account_number} />
                      <Fact label={U.pan} value={bank.pan} />
                      <Fact label={U.holder} value={bank.holder_name} />
                    </>
                  )}
                  <Fact label={U.other} value={bank.other_details || '—'} />
                </Facts>
                <div style={{ marginTop: 16 }}>
                  <TooltipWrap title={payoutReady ? undefined : M.payoutFieldsMissing}>
                    <Button type="button" disabled={!payoutReady} aria-describedby={payoutReady ? undefined : 'payout-tooltip'} onClick={openConfirm}>
                      {U.requestPayout}
                    </Button>
                  </TooltipWrap>
                  {!payoutReady && (
                    <Muted id="payout-tooltip" role="tooltip" style={{ marginTop: 6 }}>
                      {M.payoutFieldsMissing}
                    </Muted>
                  )}
                </div>
              </>
            )}
            {bankState === 'ready' && !bank && (
              <Stack $gap={8}>
                {/* Bank details at any balance (issue 38): only the payout request needs the minimum. */}
                <ButtonRow>
                  <Button type="button" onClick={() => setBankDialog(true)}>
                    {ARTIST_JOURNEY_UI.profile.addBank}
                  </Button>
                  <Button type="button" variant="secondary" onClick={withdraw}>
                    {U.withdraw}
                  </Button>
                </ButtonRow>
                <Muted>{M.minimumBalanceNote}</Muted>
                {withdrawAction(details.revenue ?? 0) === 'minimum' && <Muted>{ARTIST_JOURNEY_UI.profile.addBankNote}</Muted>}
              </Stack>
            )}
          </Card>
        </Columns>
        <PayoutHistory list={history} page={page} onPage={setPage} />
      </Stack>

      <UpdateDialog mode={updating} initial={{ phone: details.phone, address: details.address }} onClose={() => setUpdating(null)} />
      <BankDialog
        open={bankDialog}
        current={bank}
        onClose={() => setBankDialog(false)}
        onSaved={(saved) => {
          saveBank(saved);
          setBankDialog(false);
        }}
      />
      <ConfirmDialog
        open={confirming}
        title={U.payoutTitle}
        message={
          <>
            {U.payoutQuestion}
            {bank && (
              <span style={{ display: 'block', marginTop: 8, color: 'inherit' }} data-testid="payout-details">
                {payoutDetails(bank, formatUsd(revenueCents))}
              </span>
            )}
          </>
        }
        confirmLabel={U.confirm}
        cancelLabel={SUPPORT_UI.common.cancel}
        busy={paying}
        onConfirm={() => void requestPayout()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

export default ProfilePage;
