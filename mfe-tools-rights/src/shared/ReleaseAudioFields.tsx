import { TOOLS_UI as UI } from '@portal/contracts';
import { SelectField } from '@portal/kit';
import { useReleaseOptions } from './use-release-options';

export type ReleaseAudioFieldsProps = {
  releaseId: string;
  audioId: string;
  /** Choosing a release also clears the audio (areas §4). */
  onRelease(releaseId: string): void;
  onAudio(audioId: string): void;
  upcomingOnly?: boolean;
  releaseError?: string;
  audioError?: string;
};

/** Select Release then Select Audio (areas §2, both required); the audio list loads once a release is chosen. */
export function ReleaseAudioFields({ releaseId, audioId, onRelease, onAudio, upcomingOnly = false, releaseError, audioError }: ReleaseAudioFieldsProps) {
  const { releases, audios, loadingReleases, loadingAudios } = useReleaseOptions(upcomingOnly, releaseId);
  const releasePlaceholder = loadingReleases ? UI.loading : releases.length ? UI.selectRelease : upcomingOnly ? UI.noUpcomingReleases : UI.noReleases;
  const audioPlaceholder = !releaseId ? UI.selectReleaseFirst : loadingAudios ? UI.loading : UI.selectAudio;
  return (
    <>
      <SelectField
        label={UI.selectRelease}
        name="release_id"
        required
        placeholder={releasePlaceholder}
        options={releases.map((r) => ({ value: String(r.release_id), label: r.release_title }))}
        value={releaseId}
        onChange={(e) => onRelease(e.target.value)}
        error={releaseError}
      />
      <SelectField
        label={UI.selectAudio}
        name="audio_id"
        required
        disabled={!releaseId || loadingAudios}
        placeholder={audioPlaceholder}
        options={audios.map((a) => ({ value: String(a.audio_id), label: a.title }))}
        value={audioId}
        onChange={(e) => onAudio(e.target.value)}
        error={audioError}
      />
    </>
  );
}
