export { findFreePort, startEmbeddedPostgres } from '../db/embedded';
export {
  type GenerateOptions,
  generateDashboardData,
  rollupOutsideServer,
} from '../modules/dashboard/dashboard.generate';
export { decodePdfQrCodes, readPdfText } from '../modules/my-certificate/my-certificate.testing';
export { encodePng } from '../modules/storage/png';
export {
  type StaffRow,
  staffIdCardNo,
  staffRows,
  staffWorkbook,
} from '../modules/unit-import/unit-import.testing';
export { createTestDatabase, type TestDatabase } from './database';
