import { domainEvent } from '../../core/events';

/** Certificate templates of a project, by id. */
export interface TemplatesOfProject {
  projectId: number;
  ids: number[];
}

/**
 * Certificate templates are about to be deleted (inside the deleting transaction): a module that
 * refers to them (a class) vetoes by throwing a BusinessError saying why.
 */
export const certificateTemplateDeleting = domainEvent<TemplatesOfProject>('certificate-template.deleting');
