import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ArtworkImage, Button, Card, DataTable, ErrorBox, SectionTitle, Stack, type DataTableColumn } from '@portal/kit';
import { RELEASE_UI, type Release, type Track } from '@portal/contracts';
import { FactList, type Fact } from './FactList';
import { orDash } from './release-format';
import { t } from './text';

const Summary = styled.div<{ $artwork: number }>`
  display: grid;
  grid-template-columns: ${({ $artwork }) => $artwork}px minmax(0, 1fr);
  gap: 20px;
  align-items: start;
  @media (max-width: 640px) { grid-template-columns: minmax(0, 1fr); }
`;

/** A release's artwork (`artworkSize` px square, renditions; above the fold, so not lazy) beside its facts: the summary of the submission tab and the detail page. */
export function ReleaseSummary({ release, facts, artworkSize }: { release: Pick<Release, 'album_artwork' | 'release_title'>; facts: Fact[]; artworkSize: number }) {
  return (
    <Summary $artwork={artworkSize}>
      <ArtworkImage filename={release.album_artwork} alt={t(RELEASE_UI.facts.artwork, { title: release.release_title })} size={artworkSize} loading="eager" />
      <FactList facts={facts} />
    </Summary>
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
