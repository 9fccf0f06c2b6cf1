import type { TrainPlanItem } from '../../contract/train-plan';
import type { TrainPlan } from './train-plan.model';

/** How train plans are answered. */

export function presentPlan(plan: TrainPlan, industries: Map<string, string>): TrainPlanItem {
  return {
    id: plan.id,
    year: plan.year,
    name: plan.name,
    industry: plan.industry,
    industryName: industries.get(plan.industry) ?? plan.industry,
    startDate: plan.startDate,
    endDate: plan.endDate,
    status: plan.status,
    description: plan.description,
    publishedAt: plan.publishedAt?.toISOString() ?? null,
    closedAt: plan.closedAt?.toISOString() ?? null,
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
}
