import type { CategoryItem, ResourceItem } from '@px/api/contract';
import { fireEvent, screen, within } from '@testing-library/react';

/** A category node as a tree call answers it, counting its items under `countKey`. */
export type CountedCategory<K extends string> = CategoryItem &
  Record<K, number> & { children: CountedCategory<K>[] };

/** A category node of a test tree (a root unless `parentId` is given). */
export function buildCategory<K extends string>(
  countKey: K,
  id: number,
  name: string,
  count: number,
  children: CountedCategory<K>[] = [],
  parentId: number | null = null,
): CountedCategory<K> {
  return { id, parentId, name, sort: 0, [countKey]: count, children } as CountedCategory<K>;
}

/** The tree the resource screen tests use: 安全生产(2)[消防安全(1)] 职业技能(0). */
export function sampleCategoryTree<K extends string>(countKey: K): CountedCategory<K>[] {
  return [
    buildCategory(countKey, 1, '安全生产', 2, [buildCategory(countKey, 11, '消防安全', 1, [], 1)]),
    buildCategory(countKey, 2, '职业技能', 0),
  ];
}

/** A ready video of the project. */
export function buildVideo(overrides: Partial<ResourceItem> = {}): ResourceItem {
  return {
    id: 5,
    type: 'video',
    name: '安全生产概述',
    fileName: 'safety-intro.mp4',
    categoryId: 1,
    categoryName: '安全生产',
    contentType: 'video/mp4',
    size: 53_351,
    durationSeconds: 12,
    width: 320,
    height: 180,
    status: 'READY',
    statusReason: null,
    audioLanguages: [],
    repackaging: false,
    repackageFailure: null,
    // As the server answers: 重新转码 only of a READY video.
    abilities:
      (overrides.status ?? 'READY') === 'READY'
        ? { canRepackage: true, repackageRefusal: null }
        : { canRepackage: false, repackageRefusal: '只有可播放的视频可以重新转码' },
    createdAt: '2024-05-01T02:03:04.000Z',
    updatedAt: '2024-05-01T02:03:04.000Z',
    ...overrides,
  };
}

/** A button by its text (antd spaces out two-character labels of some buttons: 删 除). */
export const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;

/** The table row showing `text` (in `container`, by default the page). */
export const rowOf = (text: string, container: HTMLElement = document.body) =>
  within(container).getByText(text).closest('tr') as HTMLElement;

/** An input by its id (`<form name>_<field>`). */
export const field = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;

/** The node of the category panel's tree named `name`. */
export const treeNode = (name: string) =>
  within(document.querySelector('.ant-tree') as HTMLElement)
    .getByText(name)
    .closest('.ant-tree-treenode') as HTMLElement;

/** Clicks a category of the panel's tree (selects it). */
export const pickCategory = (name: string) => fireEvent.click(within(treeNode(name)).getByText(name));

/** The open dialog titled `title`. */
export const dialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest(
    '.ant-modal-container',
  ) as HTMLElement;
