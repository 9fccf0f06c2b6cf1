import { domainEvent } from '../../core/events';

/**
 * A category of the project is about to be deleted (emitted inside the deleting transaction, before
 * its children are checked); `categoryIds` are the category and every category below it. A listener
 * that throws (a BusinessError such as "used by a class") refuses the deletion.
 */
export const classCategoryDeleting = domainEvent<{ projectId: number; categoryIds: number[] }>(
  'class-category.deleting',
);
