import { Op, type WhereOptions } from 'sequelize';
import type { SmsOutboxPage } from '../../contract/sms';
import { containsPattern } from '../../core/query';
import { SmsOutbox } from './sms-outbox.model';

export interface OutboxQuery {
  /** The caller's project; null for platform staff, who see every project. */
  scopeProjectId: number | null;
  /** Narrows to one project; outside the caller's own project it finds nothing. */
  projectId?: number;
  /** Digits anywhere in the mobile. */
  mobile?: string;
  pageNum: number;
  pageSize: number;
}

/** One page of the SMS outbox, newest first, limited to the caller's project. */
export async function listOutbox(query: OutboxQuery): Promise<SmsOutboxPage> {
  const { pageNum, pageSize } = query;
  const empty: SmsOutboxPage = { list: [], total: 0, pageNum, pageSize };
  if (
    query.scopeProjectId !== null &&
    query.projectId !== undefined &&
    query.projectId !== query.scopeProjectId
  ) {
    return empty;
  }
  const projectId = query.scopeProjectId ?? query.projectId;
  const where: WhereOptions<SmsOutbox> = {
    ...(projectId === undefined ? {} : { projectId }),
    ...(query.mobile ? { mobile: { [Op.like]: containsPattern(query.mobile) } } : {}),
  };
  const { rows, count } = await SmsOutbox.findAndCountAll({
    where,
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: pageSize,
    offset: (pageNum - 1) * pageSize,
  });
  return {
    list: rows.map((row) => ({
      id: Number(row.id),
      projectId: row.projectId,
      mobile: row.mobile,
      content: row.content,
      createdAt: row.createdAt.toISOString(),
    })),
    total: count,
    pageNum,
    pageSize,
  };
}
