import type { CertificatePageInput, CertificateSaveInput, SkillInitInput } from '@px/api/contract';
import type { CallOptions } from '@px/config';
import { api } from './request';

/** One page of the project's certificates by the filters, newest first. Rejects with an ApiError. */
export const listCertificates = (query: CertificatePageInput, options?: CallOptions) =>
  api.call('my-certificate/page', query, options);

/** One certificate with its reprints. Rejects with an ApiError (证书不存在). */
export const getCertificate = (id: number) => api.call('my-certificate/find', { id });

/** The certificate's PDF (not counted as a print). Rejects with an ApiError. */
export const previewCertificate = (id: number) => api.download('my-certificate/preview', { id });

/** Stops a certificate (the public query then says 已停用). Rejects with an ApiError. */
export const disableCertificate = (id: number) => api.call('my-certificate/disable', { id });

/** Makes a stopped certificate valid again. Rejects with an ApiError. */
export const enableCertificate = (id: number) => api.call('my-certificate/enable', { id });

/** Deletes a certificate (it is then found nowhere). Rejects with an ApiError. */
export const deleteCertificate = (id: number) => api.call('my-certificate/delete', { id });

/** Corrects a certificate's snapshot. Rejects with an ApiError (an ApiFieldsError naming the fields). */
export const saveCertificate = (input: CertificateSaveInput) => api.call('my-certificate/save', input);

/** Reprints a certificate: counted and logged; resolves to the PDF. Rejects with an ApiError (证书已停用，不能补打). */
export const reprintCertificate = (id: number) => api.download('my-certificate/reprint', { id });

/** Up to 50 classes of the project by part of the name, to filter certificates by. Rejects with an ApiError. */
export const getCertificateClassOptions = (name?: string) =>
  api.call('my-certificate/class-options', { name });

/** Issues a skill certificate to a student of the project. Rejects with an ApiError (an ApiFieldsError naming the fields; a duplicate of a valid one). */
export const initSkillCertificate = (input: SkillInitInput) => api.call('my-certificate/skill-init', input);

/** Up to 20 students of the project by part of the name or the whole ID number. Rejects with an ApiError. */
export const getCertificateStudentOptions = (keyword: string) =>
  api.call('my-certificate/student-options', { keyword });
