import { documentLinkCalls } from '../../contract/document-link';
import { implement } from '../../core/action';
import { createDocumentLink, openDocumentLink } from './document-link.service';

/** Signed links to a student's documents (`document-link/...`): made by the student, opened by anyone holding one. */
export const documentLinkActions = implement(documentLinkCalls, {
  create: (ctx, input) => createDocumentLink(ctx, input),
  open: (ctx, input) => openDocumentLink(ctx, input.t),
});
