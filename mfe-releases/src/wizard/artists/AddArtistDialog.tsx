import { useState, type FormEvent } from 'react';
import { endpointKey, FormDialog, isValidationError, notify, TextField, useEndpointMutation, useQueryClient } from '@portal/kit';
import { RELEASE_ENDPOINTS, RELEASE_MESSAGES, RELEASE_UI, artistSchema, type Artist, type ArtistType, type Envelope } from '@portal/contracts';
import { artistsInput } from './use-artists';

export type AddArtistDialogProps = {
  type: ArtistType;
  open: boolean;
  onClose(): void;
  /** Called with the new artist once the list has been reloaded. */
  onAdded(artist: Artist): void;
};

type Values = { artist_name: string; apple_id: string; spotify_id: string };
const EMPTY: Values = { artist_name: '', apple_id: '', spotify_id: '' };

/**
 * "Add Primary Artist" / "Add Featuring Artist" (core §2 Tab 1): POST addArtist
 * { artist_type, artist_name, apple_id, spotify_id }; a failure shows the server's message (kit). A
 * mutation of the kit's data layer: the artist lists (pickers, dashboard check) reload before the new
 * artist is handed to `onAdded` (docs/decisions/025).
 */
export function AddArtistDialog({ type, open, onClose, onAdded }: AddArtistDialogProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [error, setError] = useState<string | undefined>();
  const client = useQueryClient();
  const addArtist = useEndpointMutation(RELEASE_ENDPOINTS.addArtist, { invalidates: [RELEASE_ENDPOINTS.getArtist] });
  const busy = addArtist.isPending;
  const title = type === 'primary' ? RELEASE_MESSAGES.addPrimaryArtist : RELEASE_MESSAGES.addFeaturingArtist;
  const formId = `add-artist-${type}`;

  // Each opening starts from an empty form (state adjusted while rendering, not in an effect).
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) {
      setValues(EMPTY);
      setError(undefined);
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // React events bubble through portals: keep this submit away from the track dialog's form.
    event.stopPropagation();
    let payload;
    try {
      payload = await artistSchema.validate({ ...values, artist_type: type });
    } catch (e) {
      const message = isValidationError(e) ? e.message : RELEASE_MESSAGES.artistNameRequired;
      setError(message);
      notify.error(message);
      return;
    }
    try {
      const answer = await addArtist.mutateAsync({ body: payload });
      notify.success(answer.message || RELEASE_MESSAGES.artistAdded);
      const list = client.getQueryData<Envelope<Artist[]>>(endpointKey(RELEASE_ENDPOINTS.getArtist, artistsInput(type)))?.body ?? [];
      const newId = answer.body?.artist_id;
      const name = payload.artist_name.toLowerCase();
      const added =
        list.find((a) => newId !== undefined && a.artist_id === newId) ??
        [...list].reverse().find((a) => a.artist_name.toLowerCase() === name);
      if (added) onAdded(added);
      onClose();
    } catch {
      // The kit has shown the server's message (core §8 "Add-artist failure").
    }
  };

  return (
    <FormDialog
      open={open}
      title={title}
      onClose={() => {
        if (!busy) onClose();
      }}
      width={460}
      formId={formId}
      onSubmit={submit}
      cancelLabel={RELEASE_UI.wizard.cancel}
      submitLabel={RELEASE_UI.addArtist.add}
      onCancel={onClose}
      busy={busy}
      cancelDisabled={busy}
    >
      <TextField
        label={RELEASE_UI.addArtist.artistName}
        name="artist_name"
        required
        autoComplete="off"
        value={values.artist_name}
        error={error}
        onChange={(e) => {
          setValues((v) => ({ ...v, artist_name: e.target.value }));
          if (error) setError(undefined);
        }}
      />
      <TextField
        label={RELEASE_UI.addArtist.appleId}
        name="apple_id"
        autoComplete="off"
        value={values.apple_id}
        onChange={(e) => setValues((v) => ({ ...v, apple_id: e.target.value }))}
      />
      <TextField
        label={RELEASE_UI.addArtist.spotifyId}
        name="spotify_id"
        autoComplete="off"
        value={values.spotify_id}
        onChange={(e) => setValues((v) => ({ ...v, spotify_id: e.target.value }))}
      />
    </FormDialog>
  );
}
