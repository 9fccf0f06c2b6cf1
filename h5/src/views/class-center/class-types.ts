import type { ClassBaseType, ClassCenterItem, SystemInfo } from '@px/api/contract';

/** What the H5 calls each base type (tabs, entry tiles, fixed-type pages). */
export const BASE_TYPE_LABEL: Readonly<Record<ClassBaseType, string>> = {
  public: '公需课',
  specialized: '专业课',
};

/** The settings that decide which class types the H5 shows. */
export type ClassTypeSettings = Pick<
  SystemInfo,
  'h5Config' | 'hidePublicType' | 'hideSpecializedType' | 'hideMajorType' | 'hideMajorChildType'
>;

/** Whether a base type is hidden by its own flag (`hidePublicType` / `hideSpecializedType`). */
function hiddenByFlag(settings: ClassTypeSettings, type: ClassBaseType): boolean {
  return type === 'public' ? settings.hidePublicType === 1 : settings.hideSpecializedType === 1;
}

/** The base types the class centre offers, in order: `h5Config.showClassType` minus the hidden ones. */
export function shownBaseTypes(settings: ClassTypeSettings): ClassBaseType[] {
  const listed = settings.h5Config.showClassType.filter((type, index, all) => all.indexOf(type) === index);
  return listed.filter((type) => !hiddenByFlag(settings, type));
}

/** A major type (second level of the tree) with its major children (third level), as named in categoryPath. */
export interface MajorTypeNode {
  name: string;
  children: string[];
}

/** The names of a class's categoryPath (`专业科目 / 建筑施工 / 安全员` -> three names). */
export function pathNames(categoryPath: string): string[] {
  return categoryPath
    .split('/')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/**
 * The major types and their children found in the classes' categoryPath, in the order they first
 * appear (the classes come in display order). Empty when `hideMajorType`; children empty when
 * `hideMajorChildType`.
 */
export function majorTypeTree(
  items: readonly ClassCenterItem[],
  settings: Pick<ClassTypeSettings, 'hideMajorType' | 'hideMajorChildType'>,
): MajorTypeNode[] {
  if (settings.hideMajorType === 1) return [];
  const majors = new Map<string, string[]>();
  for (const item of items) {
    const [, major, child] = pathNames(item.categoryPath);
    if (!major) continue;
    const children = majors.get(major) ?? [];
    if (child && settings.hideMajorChildType !== 1 && !children.includes(child)) children.push(child);
    majors.set(major, children);
  }
  return [...majors].map(([name, children]) => ({ name, children }));
}

/** The tree selection of the list: a major type and optionally one of its children (null: 全部). */
export interface MajorSelection {
  major: string | null;
  child: string | null;
}

export const NO_MAJOR: MajorSelection = { major: null, child: null };

/** The classes under the selected major type (and child); all of them when nothing is selected. */
export function filterByMajor(
  items: readonly ClassCenterItem[],
  selection: MajorSelection,
): ClassCenterItem[] {
  if (!selection.major) return [...items];
  return items.filter((item) => {
    const [, major, child] = pathNames(item.categoryPath);
    return major === selection.major && (!selection.child || child === selection.child);
  });
}

/**
 * The selection in force over `tree`: the student's choice (`chosen`) while its major type (and
 * child) still exist; before any choice, or when the rows changed under it, the first major type
 * whose name matches `preferred` (a variant's default), else 全部.
 */
export function resolveSelection(
  tree: readonly MajorTypeNode[],
  chosen: MajorSelection | undefined,
  preferred: RegExp | undefined,
): MajorSelection {
  if (chosen) {
    if (!chosen.major) return NO_MAJOR;
    const node = tree.find((entry) => entry.name === chosen.major);
    if (node)
      return {
        major: node.name,
        child: chosen.child && node.children.includes(chosen.child) ? chosen.child : null,
      };
  }
  const found = preferred ? tree.find((node) => preferred.test(node.name)) : undefined;
  return found ? { major: found.name, child: null } : NO_MAJOR;
}
