import { api } from './request';

/** The student's certificates the project shows (class and year). Rejects with an ApiError. */
export const listMyCertificates = () => api.call('my-certificate/mine', {});

/** One of the student's certificates with its query address and QR code. Rejects with an ApiError. */
export const viewMyCertificate = (id: number) => api.call('my-certificate/view', { id });

/** The PDF of one of the student's certificates. Rejects with an ApiError. */
export const downloadMyCertificate = (id: number) => api.download('my-certificate/download', { id });

/** Anyone: the certificate of a verification code or number. Rejects with an ApiError (证书不存在). */
export const queryCertificate = (code: string) => api.call('my-certificate/query', { code });

/**
 * Anyone: the certificates of an ID number and real name, with a slider verified through
 * `captcha/check` (used once). Rejects with an ApiError.
 */
export const queryCertificatesById = (idCardNo: string, realName: string, captchaToken: string) =>
  api.call('my-certificate/query-by-id', { idCardNo, realName, captchaToken });
