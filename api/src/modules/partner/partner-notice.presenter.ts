import type { NoticeEvent, ProgressNotice } from '@px/partner';
import type { PartnerNoticeItem } from '../../contract';
import type { PartnerNotice } from './partner-api.model';

/** A progress notice as staff see it in the back office, with whether it may be replayed now. */
export function presentNotice(
  row: PartnerNotice,
  abilities: Pick<PartnerNoticeItem, 'canReplay' | 'replayRefusal'>,
): PartnerNoticeItem {
  const payload = row.payload as unknown as ProgressNotice;
  return {
    id: row.id,
    event: row.event as NoticeEvent,
    enrolmentId: payload.enrolmentId,
    outAccountId: payload.outAccountId,
    className: payload.className,
    lessonName: payload.lessonName ?? null,
    certificateNo: payload.certificateNo ?? null,
    status: row.status,
    attempts: row.attempts,
    lastHttpStatus: row.lastHttpStatus,
    lastError: row.lastError,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    ...abilities,
  };
}
