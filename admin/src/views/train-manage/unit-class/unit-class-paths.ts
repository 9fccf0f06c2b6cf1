import type { MenuUrl } from '@px/config';

export const UNIT_CLASS_LIST_PAGE = '/train-manage/unit-class' satisfies MenuUrl;
export const UNIT_CLASS_DETAIL_PAGE = '/train-manage/unit-class-detail' satisfies MenuUrl;
export const UNIT_CLASS_CREATE_PAGE = '/train-manage/creat-class' satisfies MenuUrl;

/** The detail page of a unit class. */
export const unitClassDetailPath = (id: number) => `${UNIT_CLASS_DETAIL_PAGE}?id=${id}`;
/** The form page: editing a unit class (`id`), else creating one. */
export const unitClassFormPath = (id?: number) =>
  id ? `${UNIT_CLASS_CREATE_PAGE}?id=${id}` : UNIT_CLASS_CREATE_PAGE;
