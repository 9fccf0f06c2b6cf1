import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  DOCUMENT_KINDS,
  DOCUMENT_LINK_MINUTES,
  type DocumentKind,
  type DocumentLink,
} from '../../contract/document-link';
import { type ActorScope, FileResult, type TenantScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { studentTicketApply, studentTicketPdf } from '../cms/cms-ticket';
import { findAccountInvoice } from '../invoice/invoice.service';
import { hasInvoicePdf, invoicePdf, NO_INVOICE_PDF } from '../invoice/invoice-issue';
import { assertStudentCertificate, studentCertificatePdf } from '../my-certificate/my-certificate.service';
import { getMediaSecret } from '../resource/media-token';

/**
 * Signed links to a student's documents (docs/product-decisions.md "Documents inside WeChat"): the
 * token names the project, the student, the document and when it lapses, signed with HMAC-SHA256
 * under the product's media secret (its own prefix, so a play token never passes for one). Opening
 * a link checks the signature, the time and the project of the request, then serves the document
 * exactly as the student's own download would (still theirs, still shown, still issued).
 */

/** Refusal of a link that is not ours, lapsed or of another project. */
export const LINK_INVALID = '链接无效或已过期，请回到页面重新复制链接';

const KIND_CODE: Readonly<Record<DocumentKind, string>> = {
  CERTIFICATE: 'C',
  INVOICE: 'I',
  RED_INVOICE: 'R',
  CMS_TICKET: 'T',
};
const KIND_OF_CODE = new Map(DOCUMENT_KINDS.map((kind) => [KIND_CODE[kind], kind]));

/** What a link grants: one document of one student of one project, until a time (Unix seconds). */
interface DocumentGrant {
  projectId: number;
  accountId: number;
  kind: DocumentKind;
  id: number;
  expiresAt: number;
}

const TOKEN_PATTERN =
  /^([1-9]\d{0,9})\.([1-9]\d{0,9})\.([CIRT])\.([1-9]\d{0,9})\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: Buffer, grant: DocumentGrant): string {
  return createHmac('sha256', secret)
    .update(`document/v1/${grant.projectId}/${grant.accountId}/${grant.kind}/${grant.id}/${grant.expiresAt}`)
    .digest('base64url');
}

/** The token of a grant: `<project>.<account>.<C|I|R|T>.<id>.<expiresAt>.<HMAC>`, URL-safe. */
export function signDocumentToken(secret: Buffer, grant: DocumentGrant): string {
  return `${grant.projectId}.${grant.accountId}.${KIND_CODE[grant.kind]}.${grant.id}.${grant.expiresAt}.${mac(secret, grant)}`;
}

/** The grant of a token, or null when it is malformed, forged or lapsed at `nowSeconds`. */
export function verifyDocumentToken(secret: Buffer, token: string, nowSeconds: number): DocumentGrant | null {
  const match = TOKEN_PATTERN.exec(token);
  const kind = match && KIND_OF_CODE.get(match[3] as string);
  if (!match || !kind) return null;
  const grant: DocumentGrant = {
    projectId: Number(match[1]),
    accountId: Number(match[2]),
    kind,
    id: Number(match[4]),
    expiresAt: Number(match[5]),
  };
  const given = Buffer.from(match[6] as string, 'utf8');
  const expected = Buffer.from(mac(secret, grant), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return grant.expiresAt > nowSeconds ? grant : null;
}

/** Checks the student may have the document now. Throws BusinessError like their own download. */
async function assertDocument(scope: TenantScope, accountId: number, kind: DocumentKind, id: number) {
  if (kind === 'CERTIFICATE') return assertStudentCertificate(scope, accountId, id);
  if (kind === 'CMS_TICKET') return void (await studentTicketApply(scope, accountId, id));
  const invoice = await findAccountInvoice(scope, accountId, id);
  if (!hasInvoicePdf(invoice, kind === 'RED_INVOICE')) throw new BusinessError(NO_INVOICE_PDF);
}

/**
 * `document-link/create`: a link to one of the signed-in student's documents that opens in any
 * browser for DOCUMENT_LINK_MINUTES. Throws BusinessError when the document is not theirs, hidden or
 * has no PDF (as their download would).
 */
export async function createDocumentLink(
  scope: ActorScope,
  input: { kind: DocumentKind; id: number },
  now = scope.providers.clock.now(),
): Promise<DocumentLink> {
  const { accountId } = scope.principal;
  await assertDocument(scope, accountId, input.kind, input.id);
  const expiresAt = Math.floor(now.getTime() / 1000) + DOCUMENT_LINK_MINUTES * 60;
  const token = signDocumentToken(await getMediaSecret(scope.sequelize), {
    projectId: scope.project.id,
    accountId,
    kind: input.kind,
    id: input.id,
    expiresAt,
  });
  return {
    path: `/api/document-link/open.action?t=${token}`,
    expiresAt: new Date(expiresAt * 1000).toISOString(),
  };
}

/**
 * `document-link/open`: the PDF a link names, when its signature holds, it has not lapsed and the
 * request is on the link's project; served as the student's own download (refused the same way when
 * the document is gone, hidden or no longer has a PDF). Throws BusinessError LINK_INVALID otherwise.
 */
export async function openDocumentLink(
  scope: TenantScope,
  token: string,
  now = scope.providers.clock.now(),
): Promise<FileResult> {
  const grant = verifyDocumentToken(
    await getMediaSecret(scope.sequelize),
    token,
    Math.floor(now.getTime() / 1000),
  );
  if (!grant || grant.projectId !== scope.project.id) throw new BusinessError(LINK_INVALID);
  if (grant.kind === 'CERTIFICATE') {
    const { body, filename } = await studentCertificatePdf(scope, grant.accountId, grant.id);
    return new FileResult(body, 'application/pdf', filename);
  }
  if (grant.kind === 'CMS_TICKET') return studentTicketPdf(scope, grant.accountId, grant.id);
  return invoicePdf(
    scope,
    await findAccountInvoice(scope, grant.accountId, grant.id),
    grant.kind === 'RED_INVOICE',
  );
}
