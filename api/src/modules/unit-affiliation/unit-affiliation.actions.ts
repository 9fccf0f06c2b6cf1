import { unitAffiliationCalls } from '../../contract/unit';
import { implement } from '../../core/action';
import {
  affiliationOptions,
  affiliationStudents,
  deleteAffiliations,
  queryAffiliations,
  saveAffiliations,
} from './unit-affiliation.service';

/**
 * The affiliation calls of the unit screens (`unit/affiliation-...`): project staff change them for
 * every unit of their project; a unit manager reads their own unit's (the service applies the unit
 * policy).
 */
export const unitAffiliationActions = implement(unitAffiliationCalls, {
  'affiliation-save': (ctx, input) => saveAffiliations(ctx, input),
  'affiliation-query': (ctx, input) => queryAffiliations(ctx, input),
  'affiliation-delete': (ctx, input) => deleteAffiliations(ctx, input),
  'affiliation-options': (ctx, input) => affiliationOptions(ctx, input.unitId),
  'affiliation-students': (ctx, input) => affiliationStudents(ctx, input),
});
