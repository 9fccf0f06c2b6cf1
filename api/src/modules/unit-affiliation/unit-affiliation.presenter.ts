import type { AffiliatedUnit } from '../../contract/unit';
import { regionFullName } from '../dictionary/regions';

/** How unit affiliations are answered. */

/** A row of the `unit/affiliation-query` query: an affiliated unit with its student count. */
export interface AffiliatedUnitRow {
  id: number;
  name: string;
  credit_code: string | null;
  region_code: string | null;
  status: AffiliatedUnit['status'];
  affiliated_at: Date;
  student_count: string;
}

/** An affiliated unit as answered: its region named in full, the student count as a number. */
export function presentAffiliatedUnit(row: AffiliatedUnitRow): AffiliatedUnit {
  return {
    unitId: row.id,
    name: row.name,
    creditCode: row.credit_code,
    regionName: regionFullName(row.region_code),
    status: row.status,
    studentCount: Number(row.student_count),
    affiliatedAt: new Date(row.affiliated_at).toISOString(),
  };
}
