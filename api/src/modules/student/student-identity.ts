import type { IdentityCheckView } from '../../contract/student';
import type { ActorScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { authorize } from '../../core/policy';
import { audit } from '../audit/audit.service';
import { checkIdentity, identityRefusal, presentIdentityCheck } from '../identity/identity.service';
import { studentFacts } from './student.policy';
import { loadStudent } from './student.service';

/**
 * `student/id-card-check`: checks the student's name and ID number through the identity service
 * and records the check (audited). Answers the check whatever the person's answer; refuses (-1)
 * when the check could not be made (service down, today's limit), the check recorded all the same.
 */
export async function checkStudentIdentity(scope: ActorScope, id: number): Promise<IdentityCheckView> {
  const student = await loadStudent(scope, id);
  authorize(scope, 'student.id-card-check', studentFacts(scope, student));
  const check = await checkIdentity(
    scope,
    { realName: student.realName, idCardNo: student.idCardNo as string },
    { purpose: 'STAFF', accountId: student.id, checkedBy: scope.principal.accountId },
  );
  await audit(scope, {
    action: 'student.id-card-check',
    projectId: scope.project.id,
    targetType: 'account',
    targetId: student.id,
    detail: { result: check.result, requestId: check.requestId },
  });
  const refusal = identityRefusal(check);
  if (refusal instanceof BusinessError) throw refusal;
  return presentIdentityCheck(check);
}
