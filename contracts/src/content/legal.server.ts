import * as yup from 'yup';
import type { ServerDocs } from '../common/endpoint-server';
import { LEGAL_PAGES } from './legal';

const legalDocSchema = yup.object({
  page: yup.string().oneOf([...LEGAL_PAGES]).required(),
  title: yup.string().required(),
  updated: yup.string().required(),
  sections: yup.array(yup.object({ heading: yup.string().required(), paragraphs: yup.array(yup.string().required()).required() })).required(),
  operator: yup.boolean().required(),
});

/** Validation and documentation of LEGAL_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const LEGAL_SERVER = {
  getLegalPage: {
    summary: 'The distribution terms or the privacy policy (public)',
    description: 'page: terms | privacy. The operator’s DATA_DIR/legal/<page>.md replaces the default text (docs/decisions/017). 404 for another page.',
    response: legalDocSchema,
    errors: [404],
  },
} satisfies ServerDocs;
