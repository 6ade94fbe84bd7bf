import * as yup from 'yup';
import { defineEndpoint } from '../common/endpoint';
import { idField } from '../common/query.schemas';
import { catalogQuerySchema, catalogRowDocSchema, type CatalogQueryDto } from './catalog.schemas';
import { RELEASE_MESSAGES as M } from './releases.messages';
import type { CatalogRow, Release } from './releases.types';

/** `?release_id=` of the release read calls; a malformed id answers 404 releaseNotFound. */
export const releaseIdQuerySchema = yup.object({ release_id: idField(M.releaseNotFound) });

/**
 * The audio release area's wire map (core §7). Paths are the published contract, misspellings
 * included. Every call is the caller's own: another user's release answers 404 like a missing one.
 */
export const RELEASE_ENDPOINTS = {
  getCatelogListWeb: defineEndpoint<Partial<CatalogQueryDto>, CatalogRow[]>({
    method: 'GET',
    path: 'getCatelogListWeb',
    access: 'user',
    tag: 'releases',
    summary: 'The caller’s audio releases, searched, filtered and paged',
    description:
      'core §2 /catalog, §9: page size 25 (limit at most 100); offset, or (page − 1) × limit; newest first by default. ' +
      'search matches title, artist name or label, case-insensitive. 400 catalogStatusInvalid for an unknown status.',
    query: catalogQuerySchema,
    response: catalogRowDocSchema,
    list: true,
    errors: [400],
  }),
  getCatelogById: defineEndpoint<{ release_id: number }, Release>({
    method: 'GET',
    path: 'getCatelogById',
    access: 'user',
    tag: 'releases',
    summary: 'One release of the caller with its tracks (release detail)',
    description: 'core §2 /catalog/{id}: the release with `audios` (each with `artist_name` and numeric `status`). 404 for another user’s release.',
    query: releaseIdQuerySchema,
    errors: [404],
  }),
} as const;
