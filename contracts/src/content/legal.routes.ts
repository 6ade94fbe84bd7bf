import { defineRoute } from '../common/endpoint';
import type { LegalDocument } from './legal';

export const LEGAL_ENDPOINTS = {
  getLegalPage: defineRoute<undefined, LegalDocument, 'GET'>({ method: 'GET', path: 'legal/:page', access: 'public', tag: 'content' }),
} as const;
