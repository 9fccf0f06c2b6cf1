import { tenthsToHours } from '../../contract/course';
import type {
  CertificateDetail,
  CertificateItem,
  CertificatePrint,
  MyCertificateView,
  PublicCertificate,
} from '../../contract/my-certificate';
import type { CertificateTemplate } from '../certificate/certificate-template.model';
import { maskName } from '../train-class/class-evaluation.service';
import type { Certificate, CertificatePrintLog } from './my-certificate.model';

/** How certificates are answered: staff's rows and detail, the student's view, the public query. */

/** The snapshot and codes of a certificate as staff and its owner see them. */
export function presentItem(row: Certificate): CertificateItem {
  const publicHours = tenthsToHours(row.publicTenths);
  const specializedHours = tenthsToHours(row.specializedTenths);
  const electiveHours = tenthsToHours(row.electiveTenths);
  return {
    id: row.id,
    kind: row.kind,
    studentName: row.studentName,
    idCardNo: row.idCardMasked,
    className: row.className,
    year: row.year,
    publicHours,
    specializedHours,
    electiveHours,
    totalHours: tenthsToHours(row.publicTenths + row.specializedTenths + row.electiveTenths),
    score: row.score,
    issueDate: row.issueDate,
    skillName: row.skillName,
    skillLevel: row.skillLevel,
    assessDate: row.assessDate,
    issuer: row.issuer,
    certificateNo: row.certificateNo,
    verifyCode: row.verifyCode,
    status: row.status,
    printCount: row.printCount,
    accountId: row.accountId,
    classId: row.classId,
    myClassId: row.myClassId,
    skillCode: row.skillCode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A certificate's reprints, newest first as given, each with the name of who printed it. */
export function presentPrints(logs: CertificatePrintLog[], nameOf: Map<number, string>): CertificatePrint[] {
  return logs.map((log) => ({
    id: log.id,
    actorId: log.actorId,
    actorName: log.actorId === null ? null : (nameOf.get(log.actorId) ?? null),
    createdAt: log.createdAt.toISOString(),
  }));
}

/** A certificate as staff see it: the snapshot, its template, query address, reprints and abilities. */
export function presentDetail(
  row: Certificate,
  extra: {
    template: CertificateTemplate | null;
    queryUrl: string;
    prints: CertificatePrint[];
    abilities: CertificateDetail['abilities'];
  },
): CertificateDetail {
  return {
    ...presentItem(row),
    templateId: extra.template?.id ?? null,
    templateName: extra.template?.name ?? null,
    queryUrl: extra.queryUrl,
    prints: extra.prints,
    abilities: extra.abilities,
  };
}

/** One of the student's certificates with its query address and QR code (a PNG data URL). */
export function presentMine(row: Certificate, queryUrl: string, qrPng: Buffer): MyCertificateView {
  return {
    ...presentItem(row),
    queryUrl,
    qrCode: `data:image/png;base64,${qrPng.toString('base64')}`,
  };
}

/** A certificate as the public sees it: the name masked as well as the ID number; the project's title when it names no issuer. */
export function presentPublic(row: Certificate, projectTitle: string): PublicCertificate {
  const { id, verifyCode, printCount, accountId, classId, myClassId, createdAt, updatedAt, ...snapshot } =
    presentItem(row);
  return {
    ...snapshot,
    studentName: maskName(row.studentName),
    issuer: row.issuer ?? projectTitle,
  };
}
