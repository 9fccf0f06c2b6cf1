import { myCertificateCalls } from '../../contract/my-certificate';
import { FileResult, implement } from '../../core/action';
import { reportClassOptions } from '../study-report/study-report.service';
import {
  certificateStudentOptions,
  deleteCertificate,
  downloadMyCertificate,
  findCertificate,
  initSkillCertificate,
  myCertificates,
  pageCertificates,
  previewCertificate,
  queryCertificate,
  queryCertificatesById,
  reprintCertificate,
  saveCertificate,
  setCertificateState,
  viewMyCertificate,
} from './my-certificate.service';

const pdf = ({ body, filename }: { body: Buffer; filename: string }) =>
  new FileResult(body, 'application/pdf', filename);

/** The certificate calls (`my-certificate/...`): staff, the student and the public query. */
export const myCertificateActions = implement(myCertificateCalls, {
  page: (ctx, input) => pageCertificates(ctx, input),
  'class-options': (ctx, input) => reportClassOptions(ctx, input.name),
  find: (ctx, input) => findCertificate(ctx, input.id),
  preview: async (ctx, input) => pdf(await previewCertificate(ctx, input.id)),
  disable: (ctx, input) => setCertificateState(ctx, input.id, 'DISABLED'),
  enable: (ctx, input) => setCertificateState(ctx, input.id, 'VALID'),
  delete: (ctx, input) => deleteCertificate(ctx, input.id),
  'skill-init': (ctx, input) => initSkillCertificate(ctx, input),
  'student-options': (ctx, input) => certificateStudentOptions(ctx, input.keyword),
  save: (ctx, input) => saveCertificate(ctx, input),
  reprint: async (ctx, input) => pdf(await reprintCertificate(ctx, input.id)),
  mine: (ctx) => myCertificates(ctx),
  view: (ctx, input) => viewMyCertificate(ctx, input.id),
  download: async (ctx, input) => pdf(await downloadMyCertificate(ctx, input.id)),
  query: (ctx, input) => queryCertificate(ctx, input.code),
  'query-by-id': (ctx, input) => queryCertificatesById(ctx, input),
});
