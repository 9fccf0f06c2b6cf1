import { ApiError, type Outcome } from './interpret-response';
import { settleOutcome } from './settle-outcome';

function spyFeedback() {
  return { showErrorMessage: jest.fn(), showNotice: jest.fn() };
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('settleOutcome', () => {
  it('returns the data of an ok outcome and shows nothing', () => {
    const feedback = spyFeedback();
    expect(settleOutcome({ kind: 'ok', data: { title: '平台' } }, feedback)).toEqual({ title: '平台' });
    expect(feedback.showErrorMessage).not.toHaveBeenCalled();
    expect(feedback.showNotice).not.toHaveBeenCalled();
  });

  it.each<[string, Outcome<never>]>([
    ['手机号已注册', { kind: 'error', code: -1, message: '手机号已注册' }],
    ['请求超时，请刷新页面', { kind: 'network', message: '请求超时，请刷新页面' }],
  ])('shows %p as an error message and throws it', (text, outcome) => {
    const feedback = spyFeedback();
    const error = thrown(() => settleOutcome(outcome, feedback));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: outcome.kind, message: text });
    expect(feedback.showErrorMessage).toHaveBeenCalledWith(text);
    expect(feedback.showNotice).not.toHaveBeenCalled();
  });

  it('shows a notice in the notice dialog and throws it', () => {
    const feedback = spyFeedback();
    const error = thrown(() =>
      settleOutcome({ kind: 'notice', code: -2, message: '该班级已报名' }, feedback),
    );
    expect(error).toMatchObject({ kind: 'notice', code: -2, message: '该班级已报名' });
    expect(feedback.showNotice).toHaveBeenCalledWith('该班级已报名');
    expect(feedback.showErrorMessage).not.toHaveBeenCalled();
  });

  it('throws a cancelled outcome without showing anything', () => {
    const feedback = spyFeedback();
    expect(thrown(() => settleOutcome({ kind: 'cancelled' }, feedback))).toMatchObject({ kind: 'cancelled' });
    expect(feedback.showErrorMessage).not.toHaveBeenCalled();
    expect(feedback.showNotice).not.toHaveBeenCalled();
  });
});
