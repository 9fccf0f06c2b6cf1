export { findFreePort, startEmbeddedPostgres } from '../db/embedded';
export {
  type GenerateOptions,
  generateDashboardData,
  rollupOutsideServer,
} from '../modules/dashboard/dashboard.generate';
export { decodePdfQrCodes, readPdfText } from '../modules/my-certificate/my-certificate.testing';
export {
  describeVideoProvider,
  type SuiteVideo,
  type VideoProviderSuiteSetup,
  type VideoProviderUnderTest,
} from '../modules/resource/video-provider-suite.testing';
export { encodePng } from '../modules/storage/png';
export { type S3Simulator, startS3Simulator } from '../modules/storage/s3-simulator';
export { createS3Storage, type S3StorageOptions } from '../modules/storage/s3-storage';
export {
  describeFileStorage,
  type StorageSuiteSetup,
  type StorageUnderTest,
} from '../modules/storage/storage-suite.testing';
export {
  type StaffRow,
  staffIdCardNo,
  staffRows,
  staffWorkbook,
} from '../modules/unit-import/unit-import.testing';
export { createTestDatabase, type TestDatabase } from './database';
