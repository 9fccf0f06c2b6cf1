import { request } from './request';
import {
  closeTrainPlan,
  deleteTrainPlan,
  getTrainPlan,
  listTrainPlans,
  publishTrainPlan,
  saveTrainPlan,
} from './train-plan';

jest.mock('./request', () => ({ request: jest.fn(() => Promise.resolve(null)) }));

const requestMock = jest.mocked(request);

beforeEach(() => requestMock.mockClear());

const posted = (url: string, data: object) =>
  expect(requestMock).toHaveBeenLastCalledWith({ url, method: 'post', data });

describe('train plan calls', () => {
  it('post their inputs in the body', async () => {
    await listTrainPlans({ pageNum: 2, pageSize: 10, year: 2025, status: 'DRAFT' });
    posted('/train-plan/page.action', { pageNum: 2, pageSize: 10, year: 2025, status: 'DRAFT' });
    await getTrainPlan(3);
    posted('/train-plan/get.action', { id: 3 });
    const plan = {
      year: 2025,
      name: '计划',
      industry: 'it',
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    };
    await saveTrainPlan(plan);
    posted('/train-plan/save.action', plan);
    await publishTrainPlan(3);
    posted('/train-plan/publish.action', { id: 3 });
    await closeTrainPlan(3);
    posted('/train-plan/close.action', { id: 3 });
    await deleteTrainPlan(3);
    posted('/train-plan/delete.action', { id: 3 });
  });
});
