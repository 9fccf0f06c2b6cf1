import type { ClassBaseType, ClassCenterBaseType, ClassCenterCategory } from '@px/api/contract';

/** What the H5 calls each base type (tabs, entry tiles, fixed-type pages). */
export const BASE_TYPE_LABEL: Readonly<Record<ClassBaseType, string>> = {
  public: '公需课',
  specialized: '专业课',
};

/** The major types (with their children) the tree answers under `baseType`, in order; none when it has none. */
export function majorTypesOf(
  tree: readonly ClassCenterBaseType[],
  baseType: ClassBaseType,
): ClassCenterCategory[] {
  return tree.find((base) => base.code === baseType)?.children ?? [];
}

/** The tree selection of the list: a major type and optionally one of its children, by id (null: 全部). */
export interface MajorSelection {
  major: number | null;
  child: number | null;
}

export const NO_MAJOR: MajorSelection = { major: null, child: null };

/** The category the list is paged by (`class/center-page` `categoryId`): the child, else the major type. */
export function selectedCategoryId(selection: MajorSelection): number | undefined {
  return selection.child ?? selection.major ?? undefined;
}

/**
 * The selection in force over `majors`: the student's choice (`chosen`) while its major type (and
 * child) still exist; before any choice, or when the rows changed under it, the first major type
 * whose name matches `preferred` (a variant's default), else 全部.
 */
export function resolveSelection(
  majors: readonly ClassCenterCategory[],
  chosen: MajorSelection | undefined,
  preferred: RegExp | undefined,
): MajorSelection {
  if (chosen) {
    if (chosen.major === null) return NO_MAJOR;
    const node = majors.find((entry) => entry.id === chosen.major);
    if (node) {
      const child = node.children.some((entry) => entry.id === chosen.child) ? chosen.child : null;
      return { major: node.id, child };
    }
  }
  const found = preferred ? majors.find((node) => preferred.test(node.name)) : undefined;
  return found ? { major: found.id, child: null } : NO_MAJOR;
}
