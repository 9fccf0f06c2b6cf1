import { act, renderHook } from '@testing-library/react';
import { Form } from 'antd';
import { buildFieldsError } from '../testing/field-errors';
import { type FormSaveOptions, useFormSave } from './useFormSave';

/** The save of a form with no fields mounted: every field the server names is one it cannot show. */
function renderSave(options?: FormSaveOptions) {
  return renderHook(() => {
    const [form] = Form.useForm();
    return useFormSave(form, options);
  });
}

describe('useFormSave', () => {
  it('is saving while the write runs and not after', async () => {
    let finish: () => void = () => undefined;
    const { result } = renderSave();
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.run(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.saving).toBe(true);
    await act(async () => {
      finish();
      await done;
    });
    expect(result.current.saving).toBe(false);
    expect(result.current.unshown).toEqual([]);
  });

  it('keeps what a refusal said that no field shows, as `describe` reads it, until the next attempt', async () => {
    const { result } = renderSave({ describe: (error) => `${error.field}：${error.message}` });
    const refusal = buildFieldsError([{ field: 'courses.0', message: '课程已删除' }]);
    await act(() => result.current.run(() => Promise.reject(refusal)));
    expect(result.current.saving).toBe(false);
    expect(result.current.unshown).toEqual(['courses.0：课程已删除']);

    await act(() => result.current.run(() => Promise.resolve()));
    expect(result.current.unshown).toEqual([]);
  });

  it('forgets the unshown refusal on clearUnshown', async () => {
    const { result } = renderSave();
    await act(() =>
      result.current.run(() => Promise.reject(buildFieldsError([{ field: 'x', message: '不对' }]))),
    );
    expect(result.current.unshown).toEqual(['不对']);
    act(() => result.current.clearUnshown());
    expect(result.current.unshown).toEqual([]);
  });
});
