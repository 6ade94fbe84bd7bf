import * as yup from 'yup';
import { idField } from './common/query.schemas';
import { DELIVERY_FEEDS, STORE_LINK_MAX, STORE_LOOP_MESSAGES } from './store-loop';

/**
 * Validation of the store loop's requests (issue 39; docs/decisions/041-store-loop.md), apart from the
 * texts, types and routes (`store-loop.ts`, `store-loop.routes.ts`) so that a page showing store states
 * does not bundle yup.
 */
const releaseIdsField = () =>
  yup
    .string()
    .trim()
    .required(STORE_LOOP_MESSAGES.releaseIdsFormat)
    .matches(/^\d{1,15}(,\d{1,15}){0,99}$/, STORE_LOOP_MESSAGES.releaseIdsFormat);

export const storeStatesQuerySchema = yup.object({ release_id: idField('Release not found.') });
export const catalogStoreStatesQuerySchema = yup.object({ release_ids: releaseIdsField() });
export const opsAcksQuerySchema = yup.object({
  release_id: yup
    .mixed<number>()
    .transform((v: unknown) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v))
    .test('id', 'Release not found.', (v) => v === undefined || (typeof v === 'number' && Number.isSafeInteger(v) && v > 0))
    .optional(),
});
export const opsAckQuerySchema = yup.object({ ack_id: idField(STORE_LOOP_MESSAGES.ackNotFound) });
export const opsRedeliverSchema = yup.object({ delivery_id: idField('Delivery not found.') });
export const opsStoreLinkSchema = yup.object({
  delivery_id: idField('Delivery not found.'),
  url: yup
    .string()
    .trim()
    .required(STORE_LOOP_MESSAGES.linkFormat)
    .max(STORE_LINK_MAX, STORE_LOOP_MESSAGES.linkFormat)
    .matches(/^https:\/\/[^\s/?#]+\.[^\s/?#]+[^\s]*$/, STORE_LOOP_MESSAGES.linkFormat),
});
export const opsSendUpdateSchema = yup.object({ release_id: idField('Release not found.') });
export const opsTargetFeedSchema = yup.object({
  target_id: idField('Delivery target not found.'),
  feed: yup.string().trim().required().oneOf(DELIVERY_FEEDS.map((f) => f.value), 'Please choose the test or the live feed.'),
});
export const opsPollAcksSchema = yup.object({ store: yup.string().trim().max(64).optional() });

