import { useEndpointQuery } from '@portal/kit';
import { RELEASE_ENDPOINTS, type Artist, type ArtistType } from '@portal/contracts';

/** The query input of one type's artist list: the key the dashboard's "Get started" artist check reads too. */
export const artistsInput = (type: ArtistType) => ({ query: { artist_type: type } });

/**
 * The user's artists of one type (GET getArtist?artist_type=) through the kit's data layer
 * (docs/decisions/025), shared by the release-info pickers, the track dialog's pickers, the submission
 * summary and the dashboard's check. `artists` is null until the first answer, and an empty list after
 * a failure (the kit showed the error; the picker still renders); `loading` while a request is under way.
 */
export function useArtists(type: ArtistType): { artists: Artist[] | null; loading: boolean } {
  const query = useEndpointQuery(RELEASE_ENDPOINTS.getArtist, artistsInput(type));
  const body = query.data?.body;
  const artists = Array.isArray(body) ? body : query.data || query.isError ? [] : null;
  return { artists, loading: query.isFetching };
}
