import { Op, type Transaction } from 'sequelize';
import type { DictionaryItem, DictionaryNode, RegionNode } from '../../contract/dictionary';
import type { TenantScope } from '../../core/action';
import { ValidationError } from '../../core/errors';
import { Dictionary } from './dictionary.model';
import { regionChildren } from './regions';

/**
 * The entries of a dictionary type as a project sees them: the shared entries, each replaced by the
 * project's own entry of the same code, plus the project's additional entries; ordered by `sort`,
 * then code. Takes the project id (not a scope): other modules' services read it inside their own
 * transactions.
 */
export async function listDictionary(
  projectId: number,
  type: string,
  transaction?: Transaction,
): Promise<DictionaryItem[]> {
  const rows = await Dictionary.findAll({
    where: { type, [Op.or]: [{ projectId: null }, { projectId }] },
    transaction,
  });
  const byCode = new Map<string, Dictionary>();
  // Shared rows first, so the project's row of the same code wins.
  for (const row of [...rows].sort((a, b) => Number(a.projectId !== null) - Number(b.projectId !== null))) {
    byCode.set(row.code, row);
  }
  return [...byCode.values()]
    .map((row) => ({ code: row.code, label: row.label, parentCode: row.parentCode, sort: row.sort }))
    .sort((a, b) => a.sort - b.sort || a.code.localeCompare(b.code));
}

/**
 * The entries of a type nested by `parentCode`. An entry whose parent is missing is a root, so
 * nothing a project overrides or removes disappears from the tree.
 */
export async function dictionaryTree(scope: TenantScope, type: string): Promise<DictionaryNode[]> {
  const items = await listDictionary(scope.project.id, type);
  const nodes = new Map<string, DictionaryNode>(
    items.map((item) => [item.code, { code: item.code, label: item.label, sort: item.sort, children: [] }]),
  );
  const roots: DictionaryNode[] = [];
  for (const item of items) {
    const node = nodes.get(item.code) as DictionaryNode;
    const parent = item.parentCode && item.parentCode !== item.code ? nodes.get(item.parentCode) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The codes of a type that a project may use (shared and its own). */
export async function dictionaryCodes(
  projectId: number,
  type: string,
  transaction?: Transaction,
): Promise<Set<string>> {
  return new Set((await listDictionary(projectId, type, transaction)).map((item) => item.code));
}

/**
 * The administrative divisions under `code`, or under the project's `projectArea` when no code is
 * given (a province gives its cities with their counties, a city its counties). Throws a
 * ValidationError naming `code` for a code the registry does not know.
 */
export function regionalTree(scope: TenantScope, code?: string): RegionNode[] {
  const children = regionChildren(code ?? String(scope.project.settings.projectArea));
  if (!children)
    throw new ValidationError([{ field: 'code', rule: 'exists', message: '行政区划代码不存在' }]);
  return children;
}
