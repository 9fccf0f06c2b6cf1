import type { Calls, CertificateTemplateSaveInput, RecordStatus } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/** Filters and page of `certificate/template-page`; `name` matches a part of the name. */
type TemplateQuery = InputOf<Calls['certificate/template-page']>;

/** One page of the project's certificate templates, newest change first. Rejects with an ApiError. */
export const listCertificateTemplates = (query: TemplateQuery, options?: CallOptions) =>
  api.call('certificate/template-page', query, options);

/** One template with its fields. Rejects with an ApiError (证书模板不存在). */
export const getCertificateTemplate = (id: number) => api.call('certificate/template-get', { id });

/** Creates (no `id`: enabled) or updates a template. Rejects with an ApiError (an ApiFieldsError naming `fields.2.x` and the like). */
export const saveCertificateTemplate = (payload: CertificateTemplateSaveInput) =>
  api.call('certificate/template-save', payload);

/** Enables or disables a template. Rejects with an ApiError. */
export const setCertificateTemplateStatus = (id: number, status: RecordStatus) =>
  api.call('certificate/template-status', { id, status });

/** Deletes a template. Rejects with an ApiError (该模板已被班级使用，不能删除). */
export const deleteCertificateTemplate = (id: number) => api.call('certificate/template-delete', { id });

/** Uploads a background image (multipart `file`). Rejects with an ApiError saying why it is refused. */
export function uploadCertificateBackground(file: Blob, fileName: string) {
  const form = new FormData();
  form.append('file', file, fileName);
  return api.upload('certificate/template-upload-background', form);
}

/**
 * The background image of `key` as a Blob (the call needs the session header, so an `<img>` cannot
 * load it by URL). Rejects with an ApiError (背景图不存在).
 */
export const fetchCertificateBackground = (key: string, options?: CallOptions) =>
  api.download('certificate/template-background', { key }, options);
