import * as yup from 'yup';
import { idField } from './common/query.schemas';
import { PUBLIC_PAGE_LIMITS } from './public-page';

/**
 * Validation of the public page's requests (issue 39 §4; docs/decisions/037), apart from its texts and
 * route (`public-page.ts`) so that the artist's release page does not bundle yup.
 */

/** getPublicPage's query: the artist's release (`{ release_id: number }`, the route's request type). */
export const publicPageQuerySchema = yup.object({ release_id: idField('Release not found.') });

/** The pre-save form's schema (the page's POST /r/<slug>/presave, a plain HTML form). */
export const presaveSchema = yup.object({
  email: yup
    .string()
    .trim()
    .lowercase()
    .required('Please enter your e-mail address.')
    .max(PUBLIC_PAGE_LIMITS.emailMaxLength, 'Please enter a valid e-mail address.')
    .email('Please enter a valid e-mail address.'),
  consent: yup.string().oneOf(['yes'], 'Please tick the box to agree to the one e-mail on release day.').required('Please tick the box to agree to the one e-mail on release day.'),
});
