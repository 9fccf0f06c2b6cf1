import { z } from 'zod';
import { staff } from './access';
import { answer, defineCalls } from './call';
import { zIdInput, zInput, zRequiredText } from './common';

/**
 * The base class types every project has (domain: public 公需 / specialized 专业), in their order.
 * Their codes are the values of the setting `h5Config.showClassType`.
 */
export const CLASS_BASE_TYPES = ['public', 'specialized'] as const;
export type ClassBaseType = (typeof CLASS_BASE_TYPES)[number];

/** Levels of the class-type tree: 1 base type, 2 major type, 3 major child. */
export const CLASS_CATEGORY_LEVEL = { BASE: 1, MAJOR: 2, MAJOR_CHILD: 3 } as const;
export type ClassCategoryLevel = (typeof CLASS_CATEGORY_LEVEL)[keyof typeof CLASS_CATEGORY_LEVEL];

/** What the back office calls each level. */
export const CLASS_CATEGORY_LEVEL_LABEL: Readonly<Record<ClassCategoryLevel, string>> = {
  1: '基础类型',
  2: '专业类型',
  3: '专业子类',
};

/** A node of `class/category-tree`: the two base types with their major types and major children. */
export interface ClassCategoryNode {
  id: number;
  /** null for base types. */
  parentId: number | null;
  level: ClassCategoryLevel;
  /** `public` / `specialized` for base types; null below them. */
  code: ClassBaseType | null;
  name: string;
  /** Position among its siblings, from 1. */
  sort: number;
  children: ClassCategoryNode[];
}

/** The answer of `class/category-find` and `class/category-save`: one category with its place in the tree. */
export interface ClassCategoryItem {
  id: number;
  parentId: number | null;
  level: ClassCategoryLevel;
  code: ClassBaseType | null;
  /** The code of the base type the category lies under (its own for a base type). */
  baseCode: ClassBaseType;
  name: string;
  sort: number;
  /** Names from the base type down to this category. */
  path: string[];
  childCount: number;
}

/** `class/category-find`, `class/category-delete`: one category of the project. */
export const classCategoryIdInput = zIdInput;

/**
 * `class/category-save`: creates a category under `parentId` (a base type gives a major type, a major
 * type a major child; nothing lies below a major child) at the end of its siblings, or renames one
 * (`id`). Base types cannot be created; they may be renamed, their codes never change. Names are
 * unique among siblings. A `parentId` that differs on update moves the category as `category-drag`
 * does.
 */
export const classCategorySaveInput = z.object({
  id: zInput.optionalId(),
  parentId: zInput.optionalId(),
  name: zRequiredText('分类名称', 50),
});
export type ClassCategorySaveInput = z.input<typeof classCategorySaveInput>;

/** Where a dragged category lands relative to the target: before it, after it, or inside it as its last child. */
export const CLASS_CATEGORY_DROP_POSITIONS = ['before', 'after', 'inner'] as const;
export type ClassCategoryDropPosition = (typeof CLASS_CATEGORY_DROP_POSITIONS)[number];

/**
 * `class/category-drag`: moves category `id` before, after or into `targetId`. A category keeps its
 * level (a major type stays under a base type, a major child under a major type); base types never
 * move and nothing becomes a fourth level.
 */
export const classCategoryDragInput = z.object({
  id: zInput.id(),
  targetId: zInput.id(),
  position: z.enum(CLASS_CATEGORY_DROP_POSITIONS, { error: '放置位置应为 before、after 或 inner' }),
});
export type ClassCategoryDragInput = z.input<typeof classCategoryDragInput>;

/** `class/category-tree`: no input. */
export const classCategoryTreeInput = z.object({});

/**
 * The screens that manage the tree: the class list (its 班级分类 drawer) and the plan list, where the
 * drawer lived before the class list existed (roles granted it keep managing the tree). The class
 * editor reads the tree to pick a class's types.
 */
const CATEGORY_MANAGERS = ['/train-manage/train-plan-list', '/train-manage/class'] as const;
const CATEGORY_READERS = [...CATEGORY_MANAGERS, '/train-manage/train-class-detail'] as const;

/** The class-type tree calls (`class/category-...`): project staff of the class and plan screens. */
export const classCategoryCalls = defineCalls('class', {
  /** The project's whole class-type tree (the back office sees every level). */
  'category-tree': {
    input: classCategoryTreeInput,
    answer: answer<ClassCategoryNode[]>(),
    access: staff(...CATEGORY_READERS),
    methods: ['GET', 'POST'],
  },
  /** One category with its path and number of children. */
  'category-find': {
    input: classCategoryIdInput,
    answer: answer<ClassCategoryItem>(),
    access: staff(...CATEGORY_READERS),
    methods: ['GET', 'POST'],
  },
  /** Creates a major type or major child, or renames (moves) a category. */
  'category-save': {
    input: classCategorySaveInput,
    answer: answer<ClassCategoryItem>(),
    access: staff(...CATEGORY_MANAGERS),
  },
  /** Moves a category before, after or into another; answers the new tree. */
  'category-drag': {
    input: classCategoryDragInput,
    answer: answer<ClassCategoryNode[]>(),
    access: staff(...CATEGORY_MANAGERS),
  },
  /** Deletes a category without children (never a base type) that no class uses. */
  'category-delete': {
    input: classCategoryIdInput,
    answer: answer<null>(),
    access: staff(...CATEGORY_MANAGERS),
  },
});
