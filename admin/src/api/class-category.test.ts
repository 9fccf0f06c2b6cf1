import { callUrl } from '@px/config';
import {
  deleteClassCategory,
  dragClassCategory,
  findClassCategory,
  getClassCategoryTree,
  saveClassCategory,
} from './class-category';
import { api } from './request';

jest.mock('./request', () => ({ api: { call: jest.fn(() => Promise.resolve(null)) } }));

const callMock = jest.mocked(api.call);
/** The URL of the last call and what it sent (its JSON body, then its options). */
const sent = () => {
  const [key, ...rest] = callMock.mock.lastCall ?? [];
  return [callUrl(String(key)), ...rest];
};

beforeEach(() => callMock.mockClear());

describe('class category calls', () => {
  it('post their inputs in the body', async () => {
    await getClassCategoryTree();
    expect(sent()).toEqual(['/class/category-tree.action', {}]);
    await getClassCategoryTree({ quiet: true });
    expect(sent()).toEqual(['/class/category-tree.action', {}, { quiet: true }]);
    await findClassCategory(4);
    expect(sent()).toEqual(['/class/category-find.action', { id: 4 }]);
    await saveClassCategory({ parentId: 1, name: '法律法规' });
    expect(sent()).toEqual(['/class/category-save.action', { parentId: 1, name: '法律法规' }]);
    await dragClassCategory({ id: 4, targetId: 5, position: 'inner' });
    expect(sent()).toEqual(['/class/category-drag.action', { id: 4, targetId: 5, position: 'inner' }]);
    await deleteClassCategory(4);
    expect(sent()).toEqual(['/class/category-delete.action', { id: 4 }]);
  });
});
