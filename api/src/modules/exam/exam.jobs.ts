import { defineJob } from '../../core/jobs';
import { makeScope } from '../../core/scope';
import { loadTenant } from '../project/project.tenant';
import { MyClass } from '../train-class/train-class.model';
import { attemptEnd, finaliseAttempt } from './attempt.service';
import { ExamAttempt } from './exam.model';

declare module '../../core/jobs' {
  interface JobPayloads {
    /** Sent when an exam attempt starts, to run at its end (deadline and grace). */
    'exam.deadline': { attemptId: number };
  }
}

/**
 * At an exam attempt's end: finalises it as TIMED_OUT with the answers saved, graded as any
 * submission (a passing one passes the enrolment). Safe to run twice and after a submit: a final
 * attempt is left alone. Run early (the queue's clock ahead of the server's), it sends itself again
 * for the end.
 */
export const examDeadlineJob = defineJob({
  name: 'exam.deadline',
  retryLimit: 3,
  async handler(base, data) {
    const found = await ExamAttempt.findOne({
      attributes: ['id', 'projectId', 'myClassId', 'status', 'deadline'],
      where: { id: data.attemptId },
      allTenants: true,
    });
    if (found?.status !== 'OPEN') return;
    const end = attemptEnd(found);
    if (!end) return;
    const now = base.providers.clock.now();
    if (now < end) {
      await base.jobs.send('exam.deadline', { attemptId: found.id }, { startAfter: end });
      return;
    }
    const scope = makeScope(base, { project: await loadTenant(found.projectId) });
    await scope.sequelize.transaction(async (transaction) => {
      const enrolment = await MyClass.findOne({
        where: { id: found.myClassId, projectId: found.projectId },
        transaction,
        lock: transaction.LOCK.UPDATE,
      });
      const attempt = await ExamAttempt.findOne({
        where: { id: found.id, projectId: found.projectId },
        transaction,
        lock: transaction.LOCK.UPDATE,
      });
      if (!enrolment || !attempt) return;
      await finaliseAttempt(scope, enrolment, attempt, 'TIMED_OUT', now, transaction);
    });
  },
});
