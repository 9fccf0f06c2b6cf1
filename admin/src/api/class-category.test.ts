import {
  deleteClassCategory,
  dragClassCategory,
  findClassCategory,
  getClassCategoryTree,
  saveClassCategory,
} from './class-category';
import { request } from './request';

jest.mock('./request', () => ({ request: jest.fn(() => Promise.resolve(null)) }));

const requestMock = jest.mocked(request);

beforeEach(() => requestMock.mockClear());

const posted = (url: string, data: object) =>
  expect(requestMock).toHaveBeenLastCalledWith({ url, method: 'post', data });

describe('class category calls', () => {
  it('post their inputs in the body', async () => {
    await getClassCategoryTree();
    posted('/class/category-tree.action', {});
    await findClassCategory(4);
    posted('/class/category-find.action', { id: 4 });
    await saveClassCategory({ parentId: 1, name: '法律法规' });
    posted('/class/category-save.action', { parentId: 1, name: '法律法规' });
    await dragClassCategory({ id: 4, targetId: 5, position: 'inner' });
    posted('/class/category-drag.action', { id: 4, targetId: 5, position: 'inner' });
    await deleteClassCategory(4);
    posted('/class/category-delete.action', { id: 4 });
  });
});
