import type { JobDefinition } from '../core/jobs';
import { orderSweepJob } from '../modules/order/order.jobs';

/** Every kind of background job of the product. */
export const allJobs: readonly JobDefinition[] = [orderSweepJob as JobDefinition];
