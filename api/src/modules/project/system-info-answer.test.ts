import { systemInfoAnswer } from './project.presenter';
import { tenantOf } from './project.tenant';

const project = (id: number, title: string) =>
  tenantOf({ id, name: `项目${id}`, settings: { title } } as Parameters<typeof tenantOf>[0]);

test('one serialized answer per tenant object and key; another project or key is answered afresh', () => {
  const first = project(1, '一号');
  const second = project(2, '二号');
  const answer = systemInfoAnswer(first, 'PEM-A');
  expect(systemInfoAnswer(first, 'PEM-A')).toBe(answer);
  expect(JSON.parse(answer.json)).toMatchObject({
    projectId: 1,
    projectName: '项目1',
    title: '一号',
    loginPublicKey: 'PEM-A',
  });
  expect(JSON.parse(systemInfoAnswer(second, 'PEM-A').json)).toMatchObject({ projectId: 2, title: '二号' });
  expect(JSON.parse(systemInfoAnswer(first, 'PEM-B').json).loginPublicKey).toBe('PEM-B');
  // A project read again (a change dropped the cached tenant) is a new tenant object: its new settings.
  expect(JSON.parse(systemInfoAnswer(project(1, '改了'), 'PEM-A').json).title).toBe('改了');
});
