import type { WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { MyClassItem, MyClassPage, myClassPageInput } from '../../contract/my-class';
import type { ActorScope } from '../../core/action';
import { classHours } from '../train-class/class-read';
import { MyClass, TrainClass } from '../train-class/train-class.model';

/**
 * `my-class/page`: the signed-in student's enrolments in their project, newest first, each with its
 * class's name, year, study window and hours (elective hours 0 when the project hides electives).
 */
export async function pageMyClasses(
  scope: ActorScope,
  input: z.output<typeof myClassPageInput>,
): Promise<MyClassPage> {
  const projectId = scope.project.id;
  const where: WhereOptions<MyClass> = {
    projectId,
    accountId: scope.principal.accountId,
    ...(input.status ? { status: input.status } : {}),
  };
  const { rows, count } = await MyClass.findAndCountAll({
    where,
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: input.pageSize,
    offset: (input.pageNum - 1) * input.pageSize,
  });
  const classIds = rows.map((row) => row.classId);
  const classes = new Map(
    (await TrainClass.findAll({ where: { projectId, id: classIds } })).map((cls) => [cls.id, cls]),
  );
  const hours = await classHours(projectId, classIds);
  const hideElective = scope.project.settings.hideElective === 1;
  const list = rows.flatMap((row): MyClassItem[] => {
    const cls = classes.get(row.classId);
    if (!cls) return [];
    return [
      {
        id: row.id,
        classId: cls.id,
        className: cls.name,
        year: cls.year,
        status: row.status,
        studyStartDate: cls.studyStartDate,
        studyEndDate: cls.studyEndDate,
        requiredHours: (hours.get(cls.id)?.requiredTenths ?? 0) / 10,
        electiveHours: hideElective ? 0 : cls.electiveHoursTenths / 10,
        enrolledAt: row.createdAt.toISOString(),
      },
    ];
  });
  return { list, total: count, pageNum: input.pageNum, pageSize: input.pageSize };
}
