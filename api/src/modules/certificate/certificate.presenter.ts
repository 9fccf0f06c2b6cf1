import type {
  CertificateField,
  CertificateTemplateDetail,
  CertificateTemplateItem,
} from '../../contract/certificate';
import type { CertificateTemplate } from './certificate-template.model';

/** How certificate templates are answered, with where staff read a background. */

/** Where staff read a background: the signed-in `certificate/template-background` call. */
export function backgroundUrl(key: string): string {
  return `/api/certificate/template-background.action?key=${encodeURIComponent(key)}`;
}

export function presentItem(template: CertificateTemplate): CertificateTemplateItem {
  return {
    id: template.id,
    name: template.name,
    status: template.status,
    width: template.width,
    height: template.height,
    fieldCount: template.fields.length,
    backgroundImage: template.backgroundImage,
    backgroundUrl: template.backgroundImage ? backgroundUrl(template.backgroundImage) : null,
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}

export function presentDetail(template: CertificateTemplate): CertificateTemplateDetail {
  return { ...presentItem(template), fields: template.fields as CertificateField[] };
}
