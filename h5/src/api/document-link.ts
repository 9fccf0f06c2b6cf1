import type { DocumentKind } from '@px/api/contract';
import { api } from './request';

/**
 * A signed link to one of the student's documents (a path of the site, valid 30 minutes) that opens
 * the PDF in any browser, without signing in. Rejects with an ApiError (not theirs, hidden, no PDF).
 */
export const createDocumentLink = (kind: DocumentKind, id: number) =>
  api.call('document-link/create', { kind, id });
