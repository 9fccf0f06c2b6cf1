import { listen } from '../../core/events';
import { classExamDropped } from '../train-class/class.events';
import { passWaitingForExam } from './progress.service';

/**
 * Study's listeners: when a class stops requiring an exam, the enrolments that had studied their
 * hours and waited for it (FINISHED_STUDY) pass, as they would have in a class without an exam.
 */
export function listenStudy(): void {
  listen(classExamDropped, async (scope, payload, transaction) => {
    await passWaitingForExam(scope, payload, scope.providers.clock.now(), transaction);
  });
}
