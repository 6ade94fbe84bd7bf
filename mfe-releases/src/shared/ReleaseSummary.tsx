import type { ReactNode } from 'react';
import { ArtworkImage, AsideGrid, Button, Card, DataTable, ErrorBox, Muted, SectionTitle, Stack, type DataTableColumn } from '@portal/kit';
import { QC_UI, RELEASE_UI, type Release, type Track } from '@portal/contracts';
import { FactList, type Fact } from './FactList';
import { orDash } from './release-format';
import { t } from './text';

/** A release's artwork (`artworkSize` px square, renditions; above the fold, so not lazy) beside its facts: the summary of the submission tab and the detail page. */
export function ReleaseSummary({ release, facts, artworkSize }: { release: Pick<Release, 'album_artwork' | 'release_title'>; facts: Fact[]; artworkSize: number }) {
  return (
    <AsideGrid $aside={`${artworkSize}px`} $stackBelow={640}>
      <ArtworkImage filename={release.album_artwork} alt={t(RELEASE_UI.facts.artwork, { title: release.release_title })} size={artworkSize} loading="eager" />
      <FactList facts={facts} />
    </AsideGrid>
  );
}

/**
 * A card with a heading and the release's tracks: "No." and the bold title first, then `columns`
 * (`headers[0]` and `headers[1]` name those two). Empty: RELEASE_UI.detail.noTracks.
 */
export function TracksCard({ heading, tracks, headers, columns }: { heading: string; tracks: Track[]; headers: readonly string[]; columns: DataTableColumn<Track>[] }) {
  return (
    <Card>
      <Stack $gap={12}>
        <SectionTitle>{heading}</SectionTitle>
        <DataTable<Track>
          caption={heading}
          rows={tracks}
          rowKey={(row) => row.audio_id}
          empty={RELEASE_UI.detail.noTracks}
          columns={[
            { key: 'no', header: headers[0], width: 56, render: (_row, index) => index + 1 },
            { key: 'title', header: headers[1], render: (row) => <strong>{orDash(row.title)}</strong> },
            ...columns,
          ]}
        />
      </Stack>
    </Card>
  );
}

/** A card saying a load failed, with a Retry button (and optional links beside it). */
export function LoadFailed({ text, retryLabel, onRetry, children }: { text: string; retryLabel: string; onRetry(): void; children?: ReactNode }) {
  return (
    <Card>
      <ErrorBox>
        <p>{text}</p>
        <Button type="button" variant="secondary" onClick={onRetry}>
          {retryLabel}
        </Button>
        {children}
      </ErrorBox>
    </Card>
  );
}

/** The inline "could not load" line of a card (QC_UI.loadFailed, an alert) with a secondary Retry button (QC_UI.retry). */
export function LoadFailedLine({ onRetry }: { onRetry(): void }) {
  return (
    <div role="alert">
      <Muted>{QC_UI.loadFailed}</Muted>{' '}
      <Button type="button" variant="secondary" onClick={onRetry}>
        {QC_UI.retry}
      </Button>
    </div>
  );
}
