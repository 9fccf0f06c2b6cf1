import { BusinessError, ValidationError } from '../../core/errors';
import { type Listener, listen } from '../../core/events';
import {
  certificateTemplateDeleting,
  type TemplatesOfProject,
} from '../certificate/certificate-template.events';
import { TEMPLATE_IN_USE } from '../certificate/certificate-template.service';
import { type CoursesOfProject, courseDeleting, courseUnpublishing } from '../course/course.events';
import { classUse, describeClassUse } from './class-read';
import { TrainClass } from './train-class.model';

/** A course a class holds cannot be deleted. */
const refuseDeletingUsedCourse: Listener<CoursesOfProject> = async (_scope, payload, transaction) => {
  const use = await classUse({ projectId: payload.projectId, courseIds: payload.ids }, transaction);
  if (use.count) throw new BusinessError(`该课程已被${describeClassUse(use)}使用，不能删除`);
};

/** A course a class on the shelf holds stays published (naming `status`). */
const refuseUnpublishingShownCourse: Listener<CoursesOfProject> = async (_scope, payload, transaction) => {
  const use = await classUse(
    { projectId: payload.projectId, courseIds: payload.ids, onShelfOnly: true },
    transaction,
  );
  if (use.count)
    throw new ValidationError([
      {
        field: 'status',
        rule: 'in-use',
        message: `该课程正被已上架的${describeClassUse(use)}使用，不能改为草稿，请先下架这些班级`,
      },
    ]);
};

/** A certificate template a class refers to cannot be deleted. */
const refuseDeletingUsedTemplate: Listener<TemplatesOfProject> = async (_scope, payload, transaction) => {
  const used = await TrainClass.count({
    where: { projectId: payload.projectId, certificateTemplateId: payload.ids },
    transaction,
  });
  if (used) throw new BusinessError(TEMPLATE_IN_USE);
};

/**
 * The class module's guards over the catalogue below it: courses and certificate templates that
 * classes use are not deleted, and courses shown by classes on the shelf stay published.
 */
export function listenCatalogueUsage(): void {
  listen(courseDeleting, refuseDeletingUsedCourse);
  listen(courseUnpublishing, refuseUnpublishingShownCourse);
  listen(certificateTemplateDeleting, refuseDeletingUsedTemplate);
}
