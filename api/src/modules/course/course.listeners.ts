import { BusinessError } from '../../core/errors';
import { type Listener, listen } from '../../core/events';
import { type ResourcesOfProject, resourceDeleting } from '../resource/resource.events';
import { CourseLesson } from './course.model';

/** Refuses to delete a video while a course lesson uses it. */
const refuseVideoInUse: Listener<ResourcesOfProject> = async (_scope, payload, transaction) => {
  const lessons = await CourseLesson.count({
    where: { projectId: payload.projectId, resourceId: payload.ids },
    transaction,
  });
  if (lessons > 0) throw new BusinessError(`该视频已被 ${lessons} 个课程课时使用，不能删除`);
};

/** The course module's listeners: a video a lesson uses cannot be deleted. */
export function listenCourse(): void {
  listen(resourceDeleting, refuseVideoInUse);
}
