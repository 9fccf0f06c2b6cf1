import { z } from 'zod';
import { anyone, guest, platform } from './access';
import { answer, defineCalls } from './call';
import { zInput, zOptional, zRequiredText } from './common';

/** Dictionary types the product reads (seeded shared rows; projects may override by code). */
export const DICTIONARY_TYPE = { TRAIN_TYPE: 'train-type', EDUCATION: 'education' } as const;

const zType = z
  .string({ error: '请填写字典类型' })
  .trim()
  .regex(/^[a-z0-9-]{1,40}$/, { error: '字典类型格式不正确' });

/** `dictionary/list` and `dictionary/tree`: the entries of a type in the request's project. */
export const dictionaryTypeInput = z.object({ type: zType, unitId: zInput.optionalId() });

/** An entry of `dictionary/list`. */
export interface DictionaryItem {
  code: string;
  label: string;
  parentCode: string | null;
  sort: number;
}
/** A node of `dictionary/tree`. */
export interface DictionaryNode {
  code: string;
  label: string;
  sort: number;
  children: DictionaryNode[];
}

/**
 * `dictionary/regional-tree`: administrative divisions under `code` (a province gives its cities
 * and counties, a city its counties, `100000` the whole country), by default under the project's
 * `projectArea`.
 */
export const regionalTreeInput = z.object({
  code: zOptional(
    z
      .string()
      .trim()
      .regex(/^\d{6}$/, { error: '行政区划代码应为 6 位数字' }),
  ),
  unitId: zInput.optionalId(),
});
/** A node of `dictionary/regional-tree`. */
export interface RegionNode {
  code: string;
  name: string;
  children: RegionNode[];
}

/**
 * The vocational resource tree (职业工种目录, docs/product-decisions.md "Vocational resource tree"):
 * the platform's one tree of occupations, coded in the style of the national occupation
 * classification (国家职业分类大典): 职业大类 `6` → 职业 `6-31-01-03` (大类-中类-小类-细类) → 工种
 * `6-31-01-03-01`. Platform staff maintain it under 项目管理 → 职业工种目录; every project reads it
 * where an occupation is picked (考务 batches, skill certificates).
 */
export const VOCATION_PAGE = '/project-manage/vocation' as const;

/** The levels of the tree, by depth (a 职业大类 is level 1). */
export const VOCATION_LEVEL_LABEL: Readonly<Record<1 | 2 | 3, string>> = {
  1: '职业大类',
  2: '职业',
  3: '工种',
};
export type VocationLevel = keyof typeof VOCATION_LEVEL_LABEL;

/** The refusals of the tree's calls, shared with the apps and the tests. */
export const VOCATION_MESSAGES = {
  NOT_FOUND: '职业工种不存在',
  PARENT_NOT_FOUND: '上级不存在',
  PARENT_IS_LEAF: '工种下不能再添加下级',
  PARENT_DISABLED: '上级已停用，请先启用上级',
  CODE_REQUIRED: '请填写编码',
  CODE_TAKEN: '编码已存在',
  CODE_FIXED: '编码不能修改',
  NAME_TAKEN: '同一上级下已有同名的职业工种',
  /** A code picked where an occupation is stored (考务 batches, skill certificates) that is not a 职业 or 工种 to pick. */
  NOT_PICKABLE: '职业工种目录中没有该职业（工种），或已停用，请重新选择',
} as const;

/**
 * An occupation picked from the tree, by its code: what 考务 batches and skill certificates send
 * (the server checks it against the tree and keeps the node's name beside it).
 */
export const zVocationCode = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .min(1, { error: `请选择${label}` })
    .max(20, { error: `${label}的编码不正确` });

/** `dictionary/vocational-resource-tree`: no input. */
export const vocationalResourceTreeInput = z.object({});

/** A node of `dictionary/vocational-resource-tree`: the enabled nodes, in order. */
export interface VocationalNode {
  code: string;
  name: string;
  level: VocationLevel;
  children: VocationalNode[];
}

/** A node of `dictionary/vocation-tree` (platform staff): every node, the disabled ones too. */
export interface VocationNode {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  level: VocationLevel;
  sort: number;
  enabled: boolean;
  children: VocationNode[];
}

/** `dictionary/vocation-tree`: no input. */
export const vocationTreeInput = z.object({});

/**
 * `dictionary/vocation-save`: adds a node (without `id`) under `parentId` (absent: a 职业大类), last
 * among its siblings, or renames one (`parentId` is read only when adding: a node never moves, its
 * code being its parent's code extended; `code`, when sent with `id`, must be the node's own).
 */
export const vocationSaveInput = z.object({
  id: zInput.optionalId(),
  parentId: zOptional(zInput.id()),
  code: zOptional(z.string({ error: '编码格式不正确' }).trim().max(20, { error: '编码不能超过 20 个字符' })),
  name: zRequiredText('名称', 50),
});
export type VocationSaveInput = z.input<typeof vocationSaveInput>;

/** `dictionary/vocation-toggle`: disables (hidden from every project, subtree included) or enables a node. */
export const vocationToggleInput = z.object({
  id: zInput.id(),
  enabled: z.boolean({ error: '请选择启用或停用' }),
});

const INDEX = '位置应为非负整数';
/** `dictionary/vocation-sort`: puts a node at position `index` among its siblings (0 = first; past the end = last). */
export const vocationSortInput = z.object({
  id: zInput.id(),
  index: z
    .number({ error: INDEX })
    .int({ error: INDEX })
    .min(0, { error: INDEX })
    .max(100_000, { error: INDEX }),
});

/**
 * The dictionary calls (`dictionary/...`), open to anyone: a signed-in caller reads their own
 * project's entries, anyone else the request's project (the `unitId`'s, else the host's, else the
 * default one).
 */
export const dictionaryCalls = defineCalls('dictionary', {
  /** The entries of a type (shared entries overridden by the project's own). */
  list: {
    input: dictionaryTypeInput,
    answer: answer<DictionaryItem[]>(),
    access: guest,
    methods: ['GET', 'POST'],
  },
  /** The entries of a type nested by parent code. */
  tree: {
    input: dictionaryTypeInput,
    answer: answer<DictionaryNode[]>(),
    access: guest,
    methods: ['GET', 'POST'],
  },
  /** Administrative divisions from the project's area (or from `code`). */
  'regional-tree': {
    input: regionalTreeInput,
    answer: answer<RegionNode[]>(),
    access: guest,
    methods: ['GET', 'POST'],
  },
  /** The platform's vocational resource tree: its enabled nodes (a disabled node hides its subtree). */
  'vocational-resource-tree': {
    input: vocationalResourceTreeInput,
    answer: answer<VocationalNode[]>(),
    access: anyone,
    methods: ['GET', 'POST'],
  },
  /** Platform staff: the whole tree, disabled nodes included. */
  'vocation-tree': {
    input: vocationTreeInput,
    answer: answer<VocationNode[]>(),
    access: platform(VOCATION_PAGE),
  },
  /** Platform staff: adds or renames a node; answers the node (without children). */
  'vocation-save': {
    input: vocationSaveInput,
    answer: answer<VocationNode>(),
    access: platform(VOCATION_PAGE),
  },
  /** Platform staff: disables or enables a node; answers the new tree. */
  'vocation-toggle': {
    input: vocationToggleInput,
    answer: answer<VocationNode[]>(),
    access: platform(VOCATION_PAGE),
  },
  /** Platform staff: moves a node among its siblings; answers the new tree. */
  'vocation-sort': {
    input: vocationSortInput,
    answer: answer<VocationNode[]>(),
    access: platform(VOCATION_PAGE),
  },
});
