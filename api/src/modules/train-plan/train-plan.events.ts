import { domainEvent } from '../../core/events';

/**
 * A draft plan of the project is about to be deleted (emitted inside the deleting transaction);
 * a listener that throws (a BusinessError such as "the plan has classes") refuses the deletion.
 */
export const trainPlanDeleting = domainEvent<{ projectId: number; planId: number }>('train-plan.deleting');
