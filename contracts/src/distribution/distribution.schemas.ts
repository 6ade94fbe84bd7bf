import * as yup from 'yup';
import { idField } from '../common/query.schemas';
import { RELEASE_MESSAGES } from '../releases/releases.messages';
import { STORES } from '../lists/stores';
import { DISTRIBUTION_MESSAGES } from './distribution.qc';

/** Request schemas of the distribution engine's wire map (docs/decisions/020). */
export const trackQcQuerySchema = yup.object({ filename: yup.string().trim().max(64).required(RELEASE_MESSAGES.uploadUnknownFile) });
export const releaseQcQuerySchema = yup.object({ release_id: idField('Release not found.') });
export const ddexQuerySchema = yup.object({
  release_id: idField('Release not found.'),
  store: yup
    .string()
    .trim()
    .default(STORES[0].name)
    .oneOf(STORES.map((s) => s.name), DISTRIBUTION_MESSAGES.unknownStore),
});

