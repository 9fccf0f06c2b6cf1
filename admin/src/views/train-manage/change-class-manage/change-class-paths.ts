/** 转班管理 and its hidden detail page. */
export const CHANGE_CLASS_MANAGE_PAGE = '/train-manage/change-class-manage';
export const CHANGE_CLASS_DETAIL_PAGE = '/train-manage/change-class-manage/detail';

/** The detail page of an application: `/train-manage/change-class-manage/detail?id=12`. */
export function changeClassDetailPath(id: number): string {
  return `${CHANGE_CLASS_DETAIL_PAGE}?id=${id}`;
}
