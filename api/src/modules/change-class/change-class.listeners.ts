import { answerFacts } from '../../core/policy';
import { myClassAbilityHook } from '../my-class/my-class.policy';
import { myClassChangeParts } from './change-class.policy-facts';

/** Wires the change-class module's answers (once, by `modules/index.ts`): the 转班 ability of the student's enrolments. */
export function listenChangeClass(): void {
  answerFacts(myClassAbilityHook, myClassChangeParts);
}
