import { Op, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { SmsOutboxPage, smsOutboxInput } from '../../contract/sms';
import type { SignedInScope } from '../../core/action';
import { modelPage, NEWEST_FIRST } from '../../core/newest-first';
import { containsPattern } from '../../core/query';
import { SmsOutbox } from './sms-outbox.model';

/**
 * One page of the SMS outbox, newest first: project staff see their project's messages (naming
 * another project finds nothing), platform staff every project's or the one they name.
 */
export async function listOutbox(
  scope: SignedInScope,
  query: z.output<typeof smsOutboxInput>,
): Promise<SmsOutboxPage> {
  const { pageNum, pageSize } = query;
  const own = scope.principal.projectId;
  if (own !== null && query.projectId !== undefined && query.projectId !== own) {
    return { list: [], total: 0, pageNum, pageSize };
  }
  const projectId = own ?? query.projectId;
  const where: WhereOptions<SmsOutbox> = {
    ...(projectId === undefined ? {} : { projectId }),
    ...(query.mobile ? { mobile: { [Op.like]: containsPattern(query.mobile) } } : {}),
  };
  return modelPage(
    SmsOutbox,
    // Platform staff without a project named read every project's messages.
    { where, allTenants: projectId === undefined, order: NEWEST_FIRST },
    query,
    (rows) =>
      rows.map((row) => ({
        id: Number(row.id),
        projectId: row.projectId,
        mobile: row.mobile,
        content: row.content,
        createdAt: row.createdAt.toISOString(),
      })),
  );
}
