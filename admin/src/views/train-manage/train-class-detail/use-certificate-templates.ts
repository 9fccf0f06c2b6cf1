import type { CertificateTemplateItem } from '@px/api/contract';
import { useMemo } from 'react';
import { listCertificateTemplates } from '../../../api/certificate';
import { useRecord } from '../../../hooks/useRecord';
import type { Choice } from '../class/class-meta';

/** The most templates the class editor offers (a project keeps a few). */
const TEMPLATES_SHOWN = 100;

/** Templates as Select options: disabled ones marked and not selectable, except the class's own (`keep`). */
export function templateOptions(
  templates: readonly CertificateTemplateItem[],
  keep?: number | null,
): Choice[] {
  return templates.map((template) => {
    const disabled = template.status === 'DISABLED';
    return {
      value: template.id,
      label: `${template.name}${disabled ? '（已停用）' : ''}`,
      ...(disabled && template.id !== keep ? { disabled: true } : {}),
    };
  });
}

/** The project's certificate templates as options of the class editor (none while loading or when the load failed). */
export function useCertificateTemplates(keep?: number | null): Choice[] {
  const state = useRecord(
    'templates',
    async () => (await listCertificateTemplates({ pageNum: 1, pageSize: TEMPLATES_SHOWN })).list,
  );
  const templates = state.status === 'ready' ? state.record : undefined;
  return useMemo(() => (templates ? templateOptions(templates, keep) : []), [templates, keep]);
}
