import type { BaseClassType } from './settings';

// Kept apart from settings.ts: importing it must not bring the settings schema (and zod) into the H5's first routes.

/** The settings that decide which base class types the H5 class centre shows. */
export interface ClassTypeVisibility {
  h5Config: { showClassType: readonly BaseClassType[] };
  hidePublicType: number;
  hideSpecializedType: number;
}

/**
 * The base class types a project's H5 shows, in order: `h5Config.showClassType` (repeats dropped)
 * without those hidden by their flag (`hidePublicType` / `hideSpecializedType` = 1). The API lists
 * and the H5 tabs agree by using this one rule.
 */
export function shownBaseTypes(settings: ClassTypeVisibility): BaseClassType[] {
  const hidden: Record<BaseClassType, boolean> = {
    public: settings.hidePublicType === 1,
    specialized: settings.hideSpecializedType === 1,
  };
  const listed = settings.h5Config.showClassType.filter((type, index, all) => all.indexOf(type) === index);
  return listed.filter((type) => !hidden[type]);
}
