import type {
  CertificateBackground,
  CertificateField,
  CertificateTemplateDetail,
  CertificateTemplateItem,
  PageAnswer,
  RecordStatus,
} from '@px/api/contract';
import { type RequestOptions, request } from './request';

/** Filters and page of `certificate/template-page`; `name` matches a part of the name. */
export interface CertificateTemplateQuery {
  pageNum: number;
  pageSize: number;
  name?: string;
  status?: RecordStatus;
}

/** One page of the project's certificate templates, newest change first. Rejects with an ApiError. */
export function listCertificateTemplates(
  query: CertificateTemplateQuery,
  ...options: [RequestOptions?]
): Promise<PageAnswer<CertificateTemplateItem>> {
  return request<PageAnswer<CertificateTemplateItem>>(
    { url: '/certificate/template-page.action', method: 'post', data: query },
    ...options,
  );
}

/** One template with its fields. Rejects with an ApiError (证书模板不存在). */
export function getCertificateTemplate(id: number): Promise<CertificateTemplateDetail> {
  return request<CertificateTemplateDetail>({
    url: '/certificate/template-get.action',
    method: 'post',
    data: { id },
  });
}

/** What the template editor sends to `certificate/template-save`: no `id` creates an enabled template. */
export interface CertificateTemplatePayload {
  id?: number;
  name: string;
  width: number;
  height: number;
  /** A key answered by `uploadCertificateBackground`; absent for a plain page. */
  backgroundImage?: string;
  fields: CertificateField[];
}

/** Creates or updates a template. Rejects with an ApiError (an ApiFieldsError naming `fields.2.x` and the like). */
export function saveCertificateTemplate(
  payload: CertificateTemplatePayload,
): Promise<CertificateTemplateDetail> {
  return request<CertificateTemplateDetail>({
    url: '/certificate/template-save.action',
    method: 'post',
    data: payload,
  });
}

/** Enables or disables a template. Rejects with an ApiError. */
export function setCertificateTemplateStatus(
  id: number,
  status: RecordStatus,
): Promise<CertificateTemplateDetail> {
  return request<CertificateTemplateDetail>({
    url: '/certificate/template-status.action',
    method: 'post',
    data: { id, status },
  });
}

/** Deletes a template. Rejects with an ApiError (该模板已被班级使用，不能删除). */
export function deleteCertificateTemplate(id: number): Promise<null> {
  return request<null>({ url: '/certificate/template-delete.action', method: 'post', data: { id } });
}

/** Uploads a background image (multipart `file`). Rejects with an ApiError saying why it is refused. */
export function uploadCertificateBackground(file: Blob, fileName: string): Promise<CertificateBackground> {
  const form = new FormData();
  form.append('file', file, fileName);
  return request<CertificateBackground>({
    url: '/certificate/template-upload-background.action',
    method: 'post',
    data: form,
  });
}

/**
 * The background image of `key` as a Blob (the call needs the session header, so an `<img>` cannot
 * load it by URL). Rejects with an ApiError (背景图不存在).
 */
export function fetchCertificateBackground(key: string, ...options: [RequestOptions?]): Promise<Blob> {
  return request<Blob>(
    {
      url: '/certificate/template-background.action',
      method: 'get',
      params: { key },
      responseType: 'blob',
    },
    ...options,
  );
}
