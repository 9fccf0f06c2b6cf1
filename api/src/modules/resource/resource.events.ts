import { domainEvent } from '../../core/events';

/** Resources of a project, by id. */
export interface ResourcesOfProject {
  projectId: number;
  ids: number[];
}

/**
 * Resources of a project are about to be deleted (inside the deleting transaction): a module that
 * refers to them (a course lesson's video) vetoes by throwing a BusinessError saying why.
 */
export const resourceDeleting = domainEvent<ResourcesOfProject>('resource.deleting');
