import styled from 'styled-components';
import { Button, Muted, theme } from '@portal/kit';
import { describeAudio, QC_UI, type QcProblem } from '@portal/contracts';
import { useTrackQc } from './use-track-qc';

const Panel = styled.div`
  width: 100%;
  display: flex;
  flex-direction: column;
  gap: 4px;
  font-size: ${theme.font.size.sm};
  ul { margin: 0; padding-left: 18px; }
`;

const Badge = styled.strong<{ $tone: 'ok' | 'bad' | 'wait' }>`
  color: ${({ $tone }) => ($tone === 'ok' ? theme.colors.successText : $tone === 'bad' ? theme.colors.danger : theme.colors.textMuted)};
`;

const Problem = styled.li<{ $blocking: boolean }>`
  color: ${({ $blocking }) => ($blocking ? theme.colors.danger : theme.colors.text)};
`;

/** The problems of a QC result, blocking first (each names its measured value). */
export function QcProblems({ problems }: { problems: QcProblem[] }) {
  if (!problems.length) return null;
  const sorted = [...problems].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'blocking' ? -1 : 1));
  return (
    <ul>
      {sorted.map((p) => (
        <Problem key={p.code} $blocking={p.severity === 'blocking'}>
          {p.message}
        </Problem>
      ))}
    </ul>
  );
}

/**
 * Under a track's player (docs/decisions/020): "Checking…" while the QC job runs, then "Store-ready"
 * or "Refused" with the measured values (rate, depth, channels, length, loudness, true peak) and every
 * problem. Announced politely to screen readers as it changes.
 */
export function TrackQcPanel({ filename }: { filename: string }) {
  const { qc, failed, reload } = useTrackQc(filename);
  if (!filename) return null;
  if (failed) {
    return (
      <Panel role="status">
        <Muted>{QC_UI.loadFailed}</Muted>
        <div>
          <Button type="button" variant="secondary" onClick={reload}>
            {QC_UI.retry}
          </Button>
        </div>
      </Panel>
    );
  }
  const status = qc?.status ?? 'checking';
  return (
    <Panel role="status" aria-live="polite" data-testid="track-qc" data-status={status}>
      <span>
        {QC_UI.trackHeading}:{' '}
        <Badge $tone={status === 'passed' ? 'ok' : status === 'refused' ? 'bad' : 'wait'}>
          {status === 'passed' ? QC_UI.passed : status === 'refused' ? QC_UI.refused : QC_UI.checking}
        </Badge>
      </span>
      {qc?.measurements && <Muted>{describeAudio(qc.measurements)}</Muted>}
      {qc && <QcProblems problems={qc.problems} />}
    </Panel>
  );
}
