import type { SendMsgCodeAnswer } from '@px/api/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Form, type FormInstance } from 'react-vant';
import { useFormSubmit, useSubmitLock } from '../../hooks/useSubmitLock';
import { buildFieldsError } from '../../testing/field-errors';
import { muteToast } from '../../testing/fixtures';
import { FIELD_ERROR, fillFields } from '../../testing/render-screen';
import { MobileCodeFields, type MobileCodeFieldsProps } from './MobileCodeFields';
import { NewPasswordFields } from './NewPasswordFields';
import { SubmitFooter } from './SubmitFooter';

type Values = Record<string, string>;

/** A form holding `fields`, submitted through the lock and the footer as the screens do. */
function TestForm({
  onFinish,
  fields,
}: {
  onFinish: (values: Values) => Promise<void>;
  fields: (form: FormInstance) => ReactNode;
}) {
  const [form] = Form.useForm<Values>();
  const { submitting, run } = useSubmitLock();
  return (
    <Form
      form={form}
      onFinish={(values: Values) => void run(() => onFinish(values))}
      footer={<SubmitFooter submitting={submitting}>提交</SubmitFooter>}
    >
      {fields(form)}
    </Form>
  );
}

/** The submit button (while loading, react-vant shows a spinner in place of its text). */
function submitButton(): HTMLButtonElement {
  const button = document.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) throw new Error('no submit button');
  return button;
}

describe('SubmitFooter with useSubmitLock', () => {
  it('submits once however often it is pressed while the first submission runs', async () => {
    let finish: () => void = () => undefined;
    const onFinish = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<TestForm onFinish={onFinish} fields={() => null} />);
    expect(screen.getByRole('button', { name: '提交' })).toBe(submitButton());
    fireEvent.click(submitButton());
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(submitButton().disabled).toBe(true);
    // Enter in a field submits the form even while the button is disabled.
    const form = submitButton().closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await act(() => new Promise((settled) => setTimeout(settled, 20)));
    expect(onFinish).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(onFinish).toHaveBeenCalledTimes(1);
    fireEvent.click(submitButton());
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(2));
  });
});

/** A form of one password field submitted through `useFormSubmit`, the server's `password` being its `newPassword`. */
function RefusedForm({ task }: { task: () => Promise<void> }) {
  const [form] = Form.useForm<Values>();
  const { submitting, run } = useFormSubmit(form, PASSWORD_ALIAS);
  return (
    <Form
      form={form}
      onFinish={() => void run(task)}
      footer={<SubmitFooter submitting={submitting}>提交</SubmitFooter>}
    >
      <NewPasswordFields name="newPassword" />
    </Form>
  );
}
const PASSWORD_ALIAS = { password: 'newPassword' };

describe('useFormSubmit', () => {
  it('shows the fields a refusal names on the form, by their aliases, and frees the button', async () => {
    const task = jest.fn(() =>
      Promise.reject(buildFieldsError([{ field: 'password', message: '密码过于简单' }])),
    );
    render(<RefusedForm task={task} />);
    await fillFields({ 新密码: 'Better456', 确认密码: 'Better456' });
    fireEvent.click(submitButton());
    expect(await screen.findByText('密码过于简单', FIELD_ERROR)).toBeTruthy();
    expect(task).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(submitButton().disabled).toBe(false));
  });

  it('says a failure of its own (not the server’s) in a toast', async () => {
    const info = muteToast('info');
    try {
      render(<RefusedForm task={() => Promise.reject(new Error('加密失败'))} />);
      await fillFields({ 新密码: 'Better456', 确认密码: 'Better456' });
      fireEvent.click(submitButton());
      await waitFor(() =>
        expect(info).toHaveBeenCalledWith(expect.objectContaining({ message: '加密失败' })),
      );
    } finally {
      info.mockRestore();
    }
  });
});

describe('NewPasswordFields', () => {
  it('asks for a new password in the words of a reset by default', async () => {
    render(<TestForm onFinish={jest.fn()} fields={() => <NewPasswordFields />} />);
    expect(screen.getByLabelText('新密码').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText('确认密码').getAttribute('placeholder')).toBe('请再次输入新密码');
    fireEvent.click(submitButton());
    expect(await screen.findByText('请输入新密码', FIELD_ERROR)).toBeTruthy();
    expect(screen.getByText('请再次输入新密码', FIELD_ERROR)).toBeTruthy();
  });

  it('asks for a first password in the words of a registration', async () => {
    render(<TestForm onFinish={jest.fn()} fields={() => <NewPasswordFields label="密码" />} />);
    expect(screen.getByLabelText('确认密码').getAttribute('placeholder')).toBe('请再次输入密码');
    fireEvent.click(submitButton());
    expect(await screen.findByText('请设置密码', FIELD_ERROR)).toBeTruthy();
    expect(screen.getByText('请再次输入密码', FIELD_ERROR)).toBeTruthy();
  });

  it('compares the confirmation with the field it is named after, again when that one changes', async () => {
    const onFinish = jest.fn(async () => undefined);
    render(<TestForm onFinish={onFinish} fields={() => <NewPasswordFields name="newPassword" />} />);
    await fillFields({ 新密码: 'Better456', 确认密码: 'Better457' });
    fireEvent.click(submitButton());
    expect(await screen.findByText('两次输入的密码不一致', FIELD_ERROR)).toBeTruthy();
    await fillFields({ 新密码: 'Better457' });
    await waitFor(() => expect(screen.queryByText('两次输入的密码不一致', FIELD_ERROR)).toBeNull());
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith({ newPassword: 'Better457', confirmPassword: 'Better457' }),
    );
  });

  it("holds both fields to 19 characters, the rule's longest password", () => {
    render(<TestForm onFinish={jest.fn()} fields={() => <NewPasswordFields />} />);
    expect(screen.getByLabelText('新密码').getAttribute('maxlength')).toBe('19');
    expect(screen.getByLabelText('确认密码').getAttribute('maxlength')).toBe('19');
  });
});

describe('MobileCodeFields', () => {
  const ANSWER: SendMsgCodeAnswer = { resendSeconds: 60 };

  /** Renders the pair in a form; returns the code sender. */
  function renderMobileCodeFields(props: Omit<MobileCodeFieldsProps, 'form' | 'sendCode'> = {}) {
    const sendCode = jest.fn(async (_mobile: string) => ANSWER);
    const result = render(
      <TestForm
        onFinish={jest.fn()}
        fields={(form) => <MobileCodeFields form={form} sendCode={sendCode} {...props} />}
      />,
    );
    return { ...result, sendCode };
  }

  it('sends the code to the trimmed mobile once it passes the check', async () => {
    const { sendCode } = renderMobileCodeFields();
    await fillFields({ 手机号: ' 13800000000 ' });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '60秒后重新获取' })).toBeTruthy();
    expect(sendCode).toHaveBeenCalledWith('13800000000');
  });

  it('sends nothing while the mobile is missing or invalid, and says why on the field', async () => {
    const { sendCode } = renderMobileCodeFields();
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入手机号', FIELD_ERROR)).toBeTruthy();
    await fillFields({ 手机号: '1380000' });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('手机号格式不正确', FIELD_ERROR)).toBeTruthy();
    expect(sendCode).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy();
  });

  it("lets the browser fill in the student's own mobile, not the one to change to", async () => {
    const { unmount } = renderMobileCodeFields({ placeholder: '请输入注册手机号' });
    expect(screen.getByLabelText('手机号').getAttribute('autocomplete')).toBe('tel');
    expect(screen.getByLabelText('手机号').getAttribute('placeholder')).toBe('请输入注册手机号');
    unmount();
    renderMobileCodeFields({ newMobile: true });
    expect(screen.getByLabelText('新手机号').hasAttribute('autocomplete')).toBe(false);
    expect(screen.getByLabelText('新手机号').getAttribute('placeholder')).toBe('请输入新手机号');
    fireEvent.click(submitButton());
    expect(await screen.findByText('请输入新手机号', FIELD_ERROR)).toBeTruthy();
    expect(screen.getByText('请输入短信验证码', FIELD_ERROR)).toBeTruthy();
  });
});
