import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Actions, Button, Card, CheckboxField, Loader, Muted, notify, Stack, theme, useEndpointMutation, useEndpointQuery } from '@portal/kit';
import { PLATFORM_COUNTS, PLATFORM_TYPE, type PlatformLogo, type Release, RELEASE_ENDPOINTS, RELEASE_LIMITS, RELEASE_MESSAGES, RELEASE_UI, type SubmissionDataChecks } from '@portal/contracts';
import { logoUrl } from '../../shared/media-urls';
import { LoadFailed } from '../../shared/ReleaseSummary';
import { t } from '../../shared/text';
import { DRAFT_CHANGES, useDraftUpdates } from '../draft-cache';

export type PlatformTabProps = {
  release: Release;
  /** Moves to tab 4 once the platforms are saved. */
  onDone(): void;
};

type Loaded = { logos: PlatformLogo[]; checks: SubmissionDataChecks };

const Group = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const GroupHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 4px 16px;
  > div:first-child { margin-bottom: 0; }
  label { font-weight: 700; font-size: ${theme.font.size.lg}; }
`;

const Logos = styled.ul<{ $off: boolean }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: 10px;
  /* Off: the logos fade, the names stay readable (muted text, 4.8:1; axe color-contrast, docs/decisions/010). */
  color: ${({ $off }) => ($off ? theme.colors.textMuted : 'inherit')};
  img { opacity: ${({ $off }) => ($off ? 0.5 : 1)}; transition: opacity 0.2s ease; }
  li {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 8px;
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.sm};
    font-size: ${theme.font.size.sm};
    min-width: 0;
    overflow-wrap: anywhere;
  }
  img { width: 28px; height: 28px; object-fit: contain; flex: none; }
`;


/** Group of a logo by its type (core §2 Tab 3): "1" audio, "2" caller tune/CRBT, anything else video. */
export function logoGroup(type: string): 'audio' | 'crbt' | 'video' {
  return type === PLATFORM_TYPE.audio ? 'audio' : type === PLATFORM_TYPE.crbt ? 'crbt' : 'video';
}

/** The groups the artist may add, CRBT then video (core §2 Tab 3, §5): each needs `needs` to be 'Yes' in the submission checks. */
const OPTIONAL_GROUPS = [
  { key: 'crbt', name: 'crbt', label: RELEASE_UI.platform.crbt, count: PLATFORM_COUNTS.crbt, hint: RELEASE_UI.platform.crbtHint, needs: 'caller_tune', missing: RELEASE_MESSAGES.callerTuneFirst },
  { key: 'video', name: 'video_platforms', label: RELEASE_UI.platform.video, count: PLATFORM_COUNTS.video, hint: RELEASE_UI.platform.videoHint, needs: 'destribute_music', missing: RELEASE_MESSAGES.videoDetailsFirst },
] as const;

/**
 * Tab 3, Platform (core §2, §5, §9): a 2 s loader while getLogos and getSubmissionDataChecks load;
 * audio stores always on and locked; CRBT needs a caller tune on some track, video needs music
 * video details. Save posts checkboxCrbtVideoPlatforms, marks step 3 done and moves to tab 4. Both
 * reads are queries of the kit's data layer (the checks asked at each visit of the tab, since the other
 * tabs change them), the save a mutation (docs/decisions/025).
 */
export function PlatformTab({ release, onDone }: PlatformTabProps) {
  const draft = useDraftUpdates();
  const logosQuery = useEndpointQuery(RELEASE_ENDPOINTS.getLogos);
  const checksQuery = useEndpointQuery(RELEASE_ENDPOINTS.getSubmissionDataChecks, { query: { release_id: release.release_id } }, { staleTime: 0, gcTime: 0 });
  const savePlatforms = useEndpointMutation(RELEASE_ENDPOINTS.checkboxCrbtVideoPlatforms, { invalidates: DRAFT_CHANGES });
  // The switches follow the release and its checks until the artist turns one.
  const [turned, setTurned] = useState<{ crbt?: boolean; video?: boolean }>({});
  const [saving, setSaving] = useState(false);
  // The loader shows at least platformLoaderMs at each visit and each retry (core §2 Tab 3).
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (waited) return undefined;
    const timer = setTimeout(() => setWaited(true), RELEASE_LIMITS.platformLoaderMs);
    return () => clearTimeout(timer);
  }, [waited]);

  const queries = [logosQuery, checksQuery];
  const loading = !waited || queries.some((q) => q.isFetching && (!q.data || q.isError));
  const failed = queries.some((q) => q.isError);
  const data: Loaded | null =
    logosQuery.data && checksQuery.data
      ? { logos: Array.isArray(logosQuery.data.body) ? logosQuery.data.body : [], checks: checksQuery.data.body ?? { caller_tune: 'No', destribute_music: 'No' } }
      : null;
  const load = () => {
    setWaited(false);
    for (const q of queries) if (q.isError) void q.refetch();
  };

  if (loading) return <Loader label={RELEASE_UI.platform.loading} />;
  if (failed || !data) {
    return <LoadFailed text={RELEASE_UI.wizard.loadFailed} retryLabel={RELEASE_UI.wizard.retry} onRetry={load} />;
  }
  const crbt = turned.crbt ?? (release.crbt === 'yes' && data.checks.caller_tune === 'Yes');
  const video = turned.video ?? (release.video_platforms === 'yes' && data.checks.destribute_music === 'Yes');

  const groups = { audio: [] as PlatformLogo[], crbt: [] as PlatformLogo[], video: [] as PlatformLogo[] };
  for (const logo of data.logos) groups[logoGroup(String(logo.type))].push(logo);

  const switches = { crbt: { on: crbt, set: (on: boolean) => setTurned((prev) => ({ ...prev, crbt: on })) }, video: { on: video, set: (on: boolean) => setTurned((prev) => ({ ...prev, video: on })) } };
  // Turning a group on needs its data first, else its message shows and it stays off.
  const toggle = (group: (typeof OPTIONAL_GROUPS)[number], checked: boolean) => {
    if (checked && data.checks[group.needs] !== 'Yes') {
      notify.error(group.missing);
      return;
    }
    switches[group.key].set(checked);
  };

  const save = async () => {
    setSaving(true);
    const choice = { crbt: crbt ? 'yes' : 'no', video_platforms: video ? 'yes' : 'no' } as const;
    try {
      const answer = await savePlatforms.mutateAsync({ body: { release_id: release.release_id, ...choice } });
      notify.success(answer.message || RELEASE_MESSAGES.platformsSaved);
      draft.patch(release.release_id, choice);
      onDone();
    } catch {
      // The kit has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  const renderLogos = (list: PlatformLogo[], off: boolean) => (
    <Logos $off={off}>
      {list.map((logo) => (
        <li key={`${logo.name}-${logo.logo}`}>
          <img src={logoUrl(logo.logo)} alt="" loading="lazy" />
          <span>{logo.name}</span>
        </li>
      ))}
    </Logos>
  );

  return (
    <Stack $gap={16}>
      <Muted>{RELEASE_UI.platform.intro}</Muted>
      <Group>
        <GroupHead>
          <CheckboxField label={t(RELEASE_UI.platform.audio, { count: PLATFORM_COUNTS.audio })} name="audio_stores" checked disabled readOnly />
          <Muted>{RELEASE_UI.platform.audioLocked}</Muted>
        </GroupHead>
        {renderLogos(groups.audio, false)}
      </Group>
      {OPTIONAL_GROUPS.map((group) => {
        const { on } = switches[group.key];
        return (
          <Group key={group.name}>
            <GroupHead>
              <CheckboxField label={t(group.label, { count: group.count })} name={group.name} checked={on} onChange={(e) => toggle(group, e.target.checked)} />
              <Muted>{group.hint}</Muted>
            </GroupHead>
            {renderLogos(groups[group.key], !on)}
          </Group>
        );
      })}
      <Actions>
        <Button type="button" busy={saving} onClick={() => void save()}>
          {RELEASE_UI.wizard.saveAndContinue}
        </Button>
      </Actions>
    </Stack>
  );
}
