import { useState } from 'react';
import styled from 'styled-components';
import { Button, Card, ConfirmDialog, Loader, Muted, Stack, TextAreaField, useEndpointMutation, useEndpointQuery } from '@portal/kit';
import { useConsoleAction } from '../common/use-console-action';
import { OPS_ENDPOINTS as E, OPS_UI, type PlatformState } from '@portal/contracts';

const U = OPS_UI.platform;
const Narrow = styled(Card)`
  max-width: 640px;
`;

/**
 * Away mode on (with its text) and off (docs/decisions/008); every artist's gate shows it on their next
 * check. The state is a query of the kit's data layer and a switch a mutation that reloads it
 * (docs/decisions/025); the text field starts from the stored text until the admin edits it.
 */
export function PlatformPage() {
  const status = useEndpointQuery(E.platformStatus);
  const setAway = useEndpointMutation(E.setAwayMode, { invalidates: [E.platformStatus] });
  const state: PlatformState | null = status.data?.body ?? null;
  const [edited, setText] = useState<string | null>(null);
  const text = edited ?? state?.text ?? '';
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useConsoleAction();
  if (!state) return <Loader />;
  const toggle = () =>
    run(
      () => setAway.mutateAsync({ body: { on: !state.away, text } }),
      undefined,
      () => setConfirming(false),
    );
  return (
    <Narrow>
      <Stack $gap={16}>
        <Muted>
          {U.away}: <strong data-testid="away-state">{state.away ? 'On' : 'Off'}</strong>
        </Muted>
        <TextAreaField label={U.text} name="away-text" value={text} disabled={state.away} onChange={(e) => setText(e.target.value)} />
        <div>
          <Button variant={state.away ? 'primary' : 'danger'} disabled={!state.away && !text.trim()} onClick={() => setConfirming(true)}>
            {state.away ? U.turnOff : U.turnOn}
          </Button>
        </div>
      </Stack>
      <ConfirmDialog open={confirming} title={U.away} message={state.away ? U.turnOff : U.turnOn} busy={busy} onConfirm={toggle} onCancel={() => setConfirming(false)} />
    </Narrow>
  );
}
