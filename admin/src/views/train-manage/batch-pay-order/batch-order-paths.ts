import type { MenuUrl } from '@px/config';

export const IMPORT_STUDENT_PAGE = '/train-manage/import-student' satisfies MenuUrl;
export const BATCH_PAY_PAGE = '/train-manage/batch-pay-order' satisfies MenuUrl;
export const BATCH_ORDER_DETAIL_PAGE = '/order-manage/detail' satisfies MenuUrl;

/** 导入学员 of a unit class. */
export const importStudentPath = (unitClassId: number) => `${IMPORT_STUDENT_PAGE}?unitClassId=${unitClassId}`;
/** 批量缴费 of a batch order. */
export const batchPayPath = (id: number) => `${BATCH_PAY_PAGE}?id=${id}`;
/** 团体缴费订单详情 of a batch order (the order-manage side). */
export const batchOrderDetailPath = (id: number) => `${BATCH_ORDER_DETAIL_PAGE}?id=${id}`;
