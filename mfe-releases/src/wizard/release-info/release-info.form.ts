import type { Release } from '@portal/contracts';
import { artistSlotPayload } from '../artists/artist-rules';

/** Form values of tab 1: strings as the inputs hold them; artist slots hold ids as strings. */
export type ReleaseInfoValues = {
  album_artwork: string;
  release_type: string;
  release_title: string;
  primary_artist1: string;
  primary_artist2: string;
  primary_artist3: string;
  featuring1: string;
  featuring2: string;
  genre: string;
  sub_genre: string;
  lable_name: string;
  release_date: number | null;
  p_line: string;
  c_line: string;
  upc_ean: string;
};

const idString = (id: number | null | undefined) => (id ? String(id) : '');

export function releaseInfoValues(release: Release | null): ReleaseInfoValues {
  return {
    album_artwork: release?.album_artwork ?? '',
    release_type: release?.release_type ?? '',
    release_title: release?.release_title ?? '',
    primary_artist1: idString(release?.primary_artist1),
    primary_artist2: idString(release?.primary_artist2),
    primary_artist3: idString(release?.primary_artist3),
    featuring1: idString(release?.featuring1),
    featuring2: idString(release?.featuring2),
    genre: release?.genre ?? '',
    sub_genre: release?.sub_genre ?? '',
    lable_name: release?.lable_name ?? '',
    release_date: release?.release_date ? Number(release.release_date) : null,
    p_line: release?.p_line ?? '',
    c_line: release?.c_line ?? '',
    upc_ean: release?.upc_ean ?? '',
  };
}

const orUndefined = (value: string) => (value.trim() === '' ? undefined : value);

/**
 * createReleaseInfo / updateReleaseInfo payload (core §3 Release, §7): empty required fields become
 * undefined so releaseInfoSchema reports them as missing; empty artist slots are null.
 */
export function releaseInfoPayload(values: ReleaseInfoValues) {
  return {
    album_artwork: values.album_artwork,
    release_type: orUndefined(values.release_type),
    release_title: orUndefined(values.release_title),
    ...artistSlotPayload(values),
    genre: orUndefined(values.genre),
    sub_genre: orUndefined(values.sub_genre),
    lable_name: orUndefined(values.lable_name),
    release_date: values.release_date ?? undefined,
    p_line: orUndefined(values.p_line),
    c_line: orUndefined(values.c_line),
    upc_ean: values.upc_ean.trim(),
  };
}
