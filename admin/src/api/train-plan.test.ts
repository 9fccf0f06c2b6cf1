import { callUrl } from '@px/config';
import { api } from './request';
import {
  closeTrainPlan,
  deleteTrainPlan,
  getTrainPlan,
  listTrainPlans,
  publishTrainPlan,
  saveTrainPlan,
} from './train-plan';

jest.mock('./request', () => ({ api: { call: jest.fn(() => Promise.resolve(null)) } }));

const callMock = jest.mocked(api.call);
/** The URL of the last call and what it sent (its JSON body, then its options). */
const sent = () => {
  const [key, ...rest] = callMock.mock.lastCall ?? [];
  return [callUrl(String(key)), ...rest];
};

beforeEach(() => callMock.mockClear());

describe('train plan calls', () => {
  it('post their inputs in the body', async () => {
    await listTrainPlans({ pageNum: 2, pageSize: 10, year: 2025, status: 'DRAFT' });
    expect(sent()).toEqual([
      '/train-plan/page.action',
      { pageNum: 2, pageSize: 10, year: 2025, status: 'DRAFT' },
    ]);
    await getTrainPlan(3);
    expect(sent()).toEqual(['/train-plan/get.action', { id: 3 }]);
    const plan = {
      year: 2025,
      name: '计划',
      industry: 'it',
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    };
    await saveTrainPlan(plan);
    expect(sent()).toEqual(['/train-plan/save.action', plan]);
    await publishTrainPlan(3);
    expect(sent()).toEqual(['/train-plan/publish.action', { id: 3 }]);
    await closeTrainPlan(3);
    expect(sent()).toEqual(['/train-plan/close.action', { id: 3 }]);
    await deleteTrainPlan(3);
    expect(sent()).toEqual(['/train-plan/delete.action', { id: 3 }]);
  });
});
