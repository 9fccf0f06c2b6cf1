export { decodePdfQrCodes, readPdfText } from '../modules/my-certificate/my-certificate.testing';
export { createTestDatabase, type TestDatabase } from './database';
