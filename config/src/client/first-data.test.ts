import { type FirstData, firstAnswers, firstDataJson, firstDataKey } from './first-data';

test('the key of a call ignores field order and undefined fields', () => {
  expect(firstDataKey('class/center-page', { year: 2026, unitId: undefined, baseType: 'public' })).toBe(
    firstDataKey('class/center-page', { baseType: 'public', year: 2026 }),
  );
  expect(firstDataKey('class/center-years', undefined)).toBe('class/center-years {}');
  expect(firstDataKey('class/center-years', { unitId: 3 })).not.toBe(firstDataKey('class/center-years', {}));
});

test('the JSON cannot end its script element and reads back as it was', () => {
  const data: FirstData = {
    public: {
      'project/system-info {}': { projectName: '</script><script>alert(1)</script>&<!--\u2028\u2029' },
    },
    anonymous: {},
  };
  const json = firstDataJson(data);
  expect(json).not.toMatch(/[<>&\u2028\u2029]/);
  expect(JSON.parse(json)).toEqual(data);
});

test('each answer is taken once; anonymous ones only without a session; anything else is not answered', () => {
  const text = firstDataJson({
    public: { [firstDataKey('project/system-info', {})]: { projectName: '演示' } },
    anonymous: {
      [firstDataKey('class/center-years', {})]: [2026],
      [firstDataKey('class/center-page', { year: 2026 })]: { list: [] },
    },
  });
  const take = firstAnswers(() => text);
  expect(take('project/system-info', {}, true)).toEqual({ value: { projectName: '演示' } });
  expect(take('project/system-info', {}, true)).toBeUndefined();
  expect(take('class/center-years', {}, false)).toEqual({ value: [2026] });
  // A session's caller gets its own project's answer from the server (and the embedded one is dropped).
  expect(take('class/center-page', { year: 2026 }, true)).toBeUndefined();
  expect(take('class/center-page', { year: 2026 }, false)).toBeUndefined();
  expect(take('class/center-page', { year: 2025 }, false)).toBeUndefined();
});

test('a page without first data, or with unreadable data, answers nothing', () => {
  expect(firstAnswers(() => null)('project/system-info', {}, false)).toBeUndefined();
  expect(firstAnswers(() => '{oops')('project/system-info', {}, false)).toBeUndefined();
});
