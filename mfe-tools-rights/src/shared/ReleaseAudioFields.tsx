import { TOOLS_RIGHTS_ENDPOINTS as E, TOOLS_UI as UI } from '@portal/contracts';
import { SelectField, useEndpointPage } from '@portal/kit';
import type { SubmitForm } from './use-submit-form';

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

/**
 * Select Release then Select Audio (areas §2, both required): the release options are all submitted
 * releases, or only upcoming ones for the playlist pitch; the audio list loads once a release is chosen
 * (cleared while another release's is awaited). Load failures only stop the loading state (areas §8:
 * no message on rights lists).
 */
export function ReleaseAudioFields({ releaseId, audioId, onRelease, onAudio, upcomingOnly = false, releaseError, audioError }: ReleaseAudioFieldsProps) {
  const releaseList = useEndpointPage(upcomingOnly ? E.getReleaseTitlesPlaylist : E.getReleaseTitles, {}, { silent: true });
  const audioList = useEndpointPage(E.getReleaseAudioTitles, { query: { release_id: releaseId } }, { enabled: !!releaseId, silent: true, keepPrevious: false });
  const [releases, audios] = [releaseList.rows, audioList.rows];
  const [loadingReleases, loadingAudios] = [releaseList.loading, audioList.loading];
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

/**
 * The ReleaseAudioFields props bound to a mode's form (values `release_id` and `audio_id`, strings of
 * ids): choosing a release stores it and clears the audio; errors show as the form shows them.
 */
export function releaseAudioBinding<V extends { release_id: string; audio_id: string }>({ formik, errorOf }: SubmitForm<V>) {
  const v = formik.values;
  return {
    releaseId: v.release_id,
    audioId: v.audio_id,
    onRelease: (id: string) => void formik.setValues({ ...v, release_id: id, audio_id: '' }),
    onAudio: (id: string) => void formik.setFieldValue('audio_id', id),
    releaseError: errorOf('release_id'),
    audioError: errorOf('audio_id'),
  } satisfies Omit<ReleaseAudioFieldsProps, 'upcomingOnly'>;
}
