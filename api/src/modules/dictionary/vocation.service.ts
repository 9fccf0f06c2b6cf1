import { Op, type Transaction } from 'sequelize';
import type { z } from 'zod';
import {
  VOCATION_MESSAGES as M,
  type VocationalNode,
  type VocationLevel,
  type VocationNode,
  type vocationSaveInput,
} from '../../contract/dictionary';
import type { Scope, SignedInScope } from '../../core/action';
import { BusinessError, fieldError, uniqueRefusal } from '../../core/errors';
import { audit } from '../audit/audit.service';
import { Vocation } from './vocation.model';

/** Serialises changes of the tree (orders among siblings, new nodes' places). */
const LOCK_NAMESPACE = 4_711_073;

const byOrder = (a: Vocation, b: Vocation) => a.sort - b.sort || a.code.localeCompare(b.code) || a.id - b.id;

/**
 * The code a node of `level` under `parentCode` must have, in the style of the national occupation
 * classification: a 职业大类 one digit (`6`); a 职业 its 大类's digit with 中类, 小类 and 细类
 * (`6-31-01-03`); a 工种 its 职业's code with a two-digit number (`6-31-01-03-01`). Answers the
 * refusal, or null when the code fits.
 */
export function vocationCodeRefusal(
  level: VocationLevel,
  parentCode: string | null,
  code: string,
): string | null {
  if (level === 1) return /^[1-9]$/.test(code) ? null : '职业大类编码应为 1 位数字，如 6';
  const prefix = `${parentCode}-`;
  if (level === 2)
    return code.startsWith(prefix) && /^\d{2}-\d{2}-\d{2}$/.test(code.slice(prefix.length))
      ? null
      : `职业编码应为「大类-中类-小类-细类」，如 ${prefix}31-01-03`;
  return code.startsWith(prefix) && /^\d{2}$/.test(code.slice(prefix.length))
    ? null
    : `工种编码应为职业编码加 2 位序号，如 ${prefix}01`;
}

function nest<N extends { children: N[] }>(
  rows: Vocation[],
  toNode: (row: Vocation) => N,
  keep: (row: Vocation) => boolean,
) {
  const children = new Map<number | null, Vocation[]>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const build = (parentId: number | null): N[] =>
    (children.get(parentId) ?? [])
      .filter(keep)
      .sort(byOrder)
      .map((row) => ({ ...toNode(row), children: build(row.id) }));
  return build(null);
}

const toVocationNode = (row: Vocation): VocationNode => ({
  id: row.id,
  parentId: row.parentId,
  code: row.code,
  name: row.name,
  level: row.level as VocationLevel,
  sort: row.sort,
  enabled: row.enabled,
  children: [],
});

/** The whole tree, disabled nodes included (platform staff). */
export async function vocationTree(transaction?: Transaction): Promise<VocationNode[]> {
  return nest(await Vocation.findAll({ transaction }), toVocationNode, () => true);
}

/**
 * The tree every project reads (`dictionary/vocational-resource-tree`): the enabled nodes, a
 * disabled node hiding its subtree.
 */
export async function vocationalResourceTree(): Promise<VocationalNode[]> {
  return nest(
    await Vocation.findAll(),
    (row): VocationalNode => ({
      code: row.code,
      name: row.name,
      level: row.level as VocationLevel,
      children: [],
    }),
    (row) => row.enabled,
  );
}

/**
 * The enabled node of a code as a project may pick it (its ancestors enabled too), or null (see
 * pickVocation for the modules that store an occupation).
 */
export async function pickableVocation(code: string, transaction?: Transaction): Promise<Vocation | null> {
  let node = await Vocation.findOne({ where: { code }, transaction });
  const found = node;
  while (node) {
    if (!node.enabled) return null;
    if (node.parentId === null) break;
    node = await Vocation.findByPk(node.parentId, { transaction });
  }
  return found;
}

/** An occupation as a module keeps it: the tree's code (null on rows from before codes were kept) and the name printed. */
export interface KeptVocation {
  code: string | null;
  name: string;
}

/**
 * The occupation a form picked by `code` (a 职业 or 工种, not a 职业大类), as a module stores it:
 * the code and its node's name; or null when the tree has no such node to pick (unknown, disabled,
 * a 职业大类), which the caller refuses on its field with `VOCATION_MESSAGES.NOT_PICKABLE`. The
 * occupation a row keeps already (`kept`, same code) stays as it is: its node may have been
 * disabled or renamed since, and what was printed keeps its name.
 */
export async function pickVocation(
  code: string,
  kept: KeptVocation | null,
  transaction?: Transaction,
): Promise<{ code: string; name: string } | null> {
  if (kept?.code === code) return { code, name: kept.name };
  const node = await pickableVocation(code, transaction);
  return node && node.level > 1 ? { code: node.code, name: node.name } : null;
}

async function lockTree(scope: Scope, transaction: Transaction) {
  await scope.sequelize.query('SELECT pg_advisory_xact_lock(:namespace, 0)', {
    replacements: { namespace: LOCK_NAMESPACE },
    transaction,
  });
}

async function findNode(id: number, transaction: Transaction): Promise<Vocation> {
  const node = await Vocation.findByPk(id, { transaction });
  if (!node) throw fieldError('id', 'exists', M.NOT_FOUND);
  return node;
}

async function refuseSiblingName(
  node: { parentId: number | null; name: string; id?: number },
  transaction: Transaction,
) {
  const same = await Vocation.findOne({
    where: {
      parentId: node.parentId ?? { [Op.is]: null },
      name: node.name,
      ...(node.id ? { id: { [Op.ne]: node.id } } : {}),
    },
    transaction,
  });
  if (same) throw fieldError('name', 'unique', M.NAME_TAKEN);
}

/**
 * Adds a node (last among its siblings) or renames one. The code is checked against its level and
 * its parent's code, and is unique across the tree; names are unique among siblings. Audited.
 */
export async function saveVocation(
  scope: SignedInScope,
  input: z.output<typeof vocationSaveInput>,
): Promise<VocationNode> {
  return scope.sequelize.transaction(async (transaction) => {
    await lockTree(scope, transaction);
    if (input.id) {
      const node = await findNode(input.id, transaction);
      if (input.code !== undefined && input.code !== node.code)
        throw fieldError('code', 'fixed', M.CODE_FIXED);
      await refuseSiblingName({ parentId: node.parentId, name: input.name, id: node.id }, transaction);
      const before = node.name;
      await node.update({ name: input.name }, { transaction });
      await audit(
        scope,
        {
          action: 'vocation.rename',
          projectId: null,
          targetType: 'vocation',
          targetId: node.id,
          detail: { code: node.code, before, after: node.name },
        },
        transaction,
      );
      return toVocationNode(node);
    }
    const parent = input.parentId ? await Vocation.findByPk(input.parentId, { transaction }) : null;
    if (input.parentId && !parent) throw fieldError('parentId', 'exists', M.PARENT_NOT_FOUND);
    if (parent && parent.level >= 3) throw fieldError('parentId', 'level', M.PARENT_IS_LEAF);
    if (parent && !parent.enabled) throw new BusinessError(M.PARENT_DISABLED);
    const level = (parent ? parent.level + 1 : 1) as VocationLevel;
    if (!input.code) throw fieldError('code', 'required', M.CODE_REQUIRED);
    const refusal = vocationCodeRefusal(level, parent?.code ?? null, input.code);
    if (refusal) throw fieldError('code', 'format', refusal);
    if (await Vocation.findOne({ where: { code: input.code }, transaction }))
      throw fieldError('code', 'unique', M.CODE_TAKEN);
    const parentId = parent?.id ?? null;
    await refuseSiblingName({ parentId, name: input.name }, transaction);
    const last = (await Vocation.max<number | null, Vocation>('sort', {
      where: { parentId: parentId ?? { [Op.is]: null } },
      transaction,
    })) as number | null;
    const node = await Vocation.create(
      { parentId, level, code: input.code, name: input.name, sort: (last ?? -1) + 1 },
      { transaction },
    ).catch(uniqueRefusal(fieldError('code', 'unique', M.CODE_TAKEN)));
    await audit(
      scope,
      {
        action: 'vocation.create',
        projectId: null,
        targetType: 'vocation',
        targetId: node.id,
        detail: { code: node.code, name: node.name, parentCode: parent?.code ?? null },
      },
      transaction,
    );
    return toVocationNode(node);
  });
}

/**
 * Disables (hidden from every project with its subtree; what already names its code keeps it) or
 * enables a node; a node under a disabled one cannot be enabled. Audited; answers the new tree.
 */
export async function toggleVocation(
  scope: SignedInScope,
  id: number,
  enabled: boolean,
): Promise<VocationNode[]> {
  return scope.sequelize.transaction(async (transaction) => {
    await lockTree(scope, transaction);
    const node = await findNode(id, transaction);
    if (enabled && node.parentId !== null) {
      const parent = await Vocation.findByPk(node.parentId, { transaction });
      if (parent && !(await pickableVocation(parent.code, transaction)))
        throw new BusinessError(M.PARENT_DISABLED);
    }
    if (node.enabled !== enabled) {
      await node.update({ enabled }, { transaction });
      await audit(
        scope,
        {
          action: enabled ? 'vocation.enable' : 'vocation.disable',
          projectId: null,
          targetType: 'vocation',
          targetId: node.id,
          detail: { code: node.code },
        },
        transaction,
      );
    }
    return vocationTree(transaction);
  });
}

/** Puts a node at `index` among its siblings (past the end: last); answers the new tree. */
export async function sortVocation(scope: SignedInScope, id: number, index: number): Promise<VocationNode[]> {
  return scope.sequelize.transaction(async (transaction) => {
    await lockTree(scope, transaction);
    const node = await findNode(id, transaction);
    const siblings = (
      await Vocation.findAll({ where: { parentId: node.parentId ?? { [Op.is]: null } }, transaction })
    ).sort(byOrder);
    const others = siblings.filter((sibling) => sibling.id !== node.id);
    const ordered = [...others.slice(0, index), node, ...others.slice(index)];
    for (const [position, sibling] of ordered.entries()) {
      if (sibling.sort !== position) await sibling.update({ sort: position }, { transaction });
    }
    await audit(
      scope,
      {
        action: 'vocation.sort',
        projectId: null,
        targetType: 'vocation',
        targetId: node.id,
        detail: { code: node.code, index: ordered.indexOf(node) },
      },
      transaction,
    );
    return vocationTree(transaction);
  });
}
