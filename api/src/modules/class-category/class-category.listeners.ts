import { listen } from '../../core/events';
import { projectCreated } from '../project/project.events';
import { createBaseCategories } from './class-category.service';

/** The class-category module's listeners: a new project gets the base class categories, in its creation's transaction. */
export function listenClassCategory(): void {
  listen(projectCreated, async (_scope, { projectId }, transaction) => {
    await createBaseCategories(projectId, transaction);
  });
}
