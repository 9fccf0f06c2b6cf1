import { z } from 'zod';
import { student, visitor } from './access';
import { answer, defineCalls, fileAnswer } from './call';
import { zInput } from './common';

/**
 * Links to a student's documents that open in any browser (docs/product-decisions.md "Documents
 * inside WeChat"): WeChat's in-app browser does not download files, so the H5 shows the document in
 * the page and offers 复制链接; the link is signed, names one document of one student and lapses.
 */

/**
 * The documents a link may name: a class or year certificate, an invoice, a red (reversing) invoice,
 * an examination's admission ticket (准考证, by its application).
 */
export const DOCUMENT_KINDS = ['CERTIFICATE', 'INVOICE', 'RED_INVOICE', 'CMS_TICKET'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** How long a document link opens the document. */
export const DOCUMENT_LINK_MINUTES = 30;

/** `document-link/create`: one of the student's documents. */
export const documentLinkInput = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: '文件类型不正确' }),
  id: zInput.id(),
});

/** `document-link/create`: the link (a path of the site, `/api/document-link/open.action?t=…`) and when it lapses. */
export interface DocumentLink {
  path: string;
  expiresAt: string;
}

/** `document-link/open`: the signed link's token. */
export const documentOpenInput = z.object({
  t: z
    .string({ error: '链接不正确' })
    .trim()
    .min(1, { error: '链接不正确' })
    .max(200, { error: '链接不正确' }),
});

export const documentLinkCalls = defineCalls('document-link', {
  /** The student: a signed link to one of their documents, to open in another browser. */
  create: { input: documentLinkInput, answer: answer<DocumentLink>(), access: student },
  /** Anyone holding a link that has not lapsed: the document's PDF (its project is the request's). */
  open: { input: documentOpenInput, answer: fileAnswer(), access: visitor, methods: ['GET'] },
});
