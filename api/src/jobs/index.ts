import type { JobDefinition } from '../core/jobs';

/** Every kind of background job of the product. */
export const allJobs: readonly JobDefinition[] = [];
