import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, Card, ConfirmDialog, Loader, Muted, Stack, TextAreaField, api } from '@portal/kit';
import { useConsoleAction } from '../common/use-console-action';
import { OPS_ENDPOINTS as E, OPS_UI, type PlatformState } from '@portal/contracts';

const U = OPS_UI.platform;
const Narrow = styled(Card)`
  max-width: 640px;
`;

/** Away mode on (with its text) and off (docs/decisions/008); every artist's gate shows it on their next check. */
export function PlatformPage() {
  const [state, setState] = useState<PlatformState | null>(null);
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useConsoleAction();
  useEffect(() => {
    void api.call(E.platformStatus).then((res) => {
      setState(res.body ?? null);
      setText(res.body?.text ?? '');
    }, () => undefined);
  }, []);
  if (!state) return <Loader />;
  const toggle = () =>
    run(
      async () => {
        const res = await api.call(E.setAwayMode, { body: { on: !state.away, text } });
        setState(res.body ?? null);
        return res;
      },
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
