import * as yup from 'yup';
import { idField } from '../common/query.schemas';
import { STORES } from '../lists/stores';
import { DELIVERY_MESSAGES, DELIVERY_PROTOCOLS } from './distribution.delivery';

/** Request schemas of per-store delivery (docs/decisions/020); the console's target form validates with deliveryTargetSchema. */
const storeField = () => yup.string().trim().required(DELIVERY_MESSAGES.storeRequired).oneOf(STORES.map((s) => s.name), DELIVERY_MESSAGES.storeRequired);
export const deliveryReleaseQuerySchema = yup.object({ release_id: idField('Release not found.') });
export const deliveryIdSchema = yup.object({ delivery_id: idField(DELIVERY_MESSAGES.deliveryNotFound) });
export const storeTakedownSchema = yup.object({ release_id: idField('Release not found.'), store: storeField() });
export const deliveryTargetSchema = yup.object({
  target_id: yup.number().integer().positive().optional(),
  store: storeField(),
  dpid: yup.string().trim().required(DELIVERY_MESSAGES.dpidFormat).matches(/^PADPIDA[a-zA-Z0-9]+$/, DELIVERY_MESSAGES.dpidFormat).max(64, DELIVERY_MESSAGES.dpidFormat),
  protocol: yup.string().trim().default('sftp').oneOf(DELIVERY_PROTOCOLS.map((p) => p.value), DELIVERY_MESSAGES.protocolUnknown),
  host: yup.string().trim().required(DELIVERY_MESSAGES.hostRequired).max(255, DELIVERY_MESSAGES.hostRequired),
  port: yup.number().typeError(DELIVERY_MESSAGES.portRange).integer(DELIVERY_MESSAGES.portRange).min(1, DELIVERY_MESSAGES.portRange).max(65535, DELIVERY_MESSAGES.portRange).default(22),
  path: yup.string().trim().required(DELIVERY_MESSAGES.pathRequired).matches(/^\//, DELIVERY_MESSAGES.pathRequired).max(255, DELIVERY_MESSAGES.pathRequired),
  username: yup.string().trim().required(DELIVERY_MESSAGES.usernameRequired).max(128, DELIVERY_MESSAGES.usernameRequired),
  password: yup.string().max(1000).default(''),
  private_key: yup.string().max(20_000).default(''),
  enabled: yup.boolean().default(true),
  feed: yup.string().trim().oneOf(['test', 'live'], 'Please choose the test or the live feed.').optional(),
  test_path: yup.string().trim().default('').matches(/^(\/.*)?$/, DELIVERY_MESSAGES.pathRequired).max(255, DELIVERY_MESSAGES.pathRequired),
  ack_path: yup.string().trim().default('').matches(/^(\/.*)?$/, DELIVERY_MESSAGES.pathRequired).max(255, DELIVERY_MESSAGES.pathRequired),
  link_template: yup.string().trim().default('').max(500, 'The link template must be an https:// link of at most 500 characters.').matches(/^(https:\/\/\S+)?$/, 'The link template must be an https:// link of at most 500 characters.'),
});

