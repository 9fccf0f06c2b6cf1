import type { UnitItem } from '../../contract/unit';
import { regionFullName } from '../dictionary/regions';
import type { Unit } from './unit.model';

/** How units are answered. */

export function presentUnit(unit: Unit): UnitItem {
  return {
    id: unit.id,
    name: unit.name,
    creditCode: unit.creditCode,
    contactName: unit.contactName,
    contactMobile: unit.contactMobile,
    regionCode: unit.regionCode,
    regionName: regionFullName(unit.regionCode),
    address: unit.address,
    trainTypes: unit.trainTypes,
    remark: unit.remark,
    status: unit.status,
    createdAt: unit.createdAt.toISOString(),
    updatedAt: unit.updatedAt.toISOString(),
  };
}
