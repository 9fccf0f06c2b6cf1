import { useEffect } from 'react';
import { Form } from 'react-vant';
import { preloadFieldValidators, RULES, required, sameAs } from '../../utils/form-rules';
import { TextInput } from '../TextInput';

/** The wording of the pair: a first password (registration) or a new one (reset, change). */
const WORDING = {
  密码: { missing: '请设置密码', confirmMissing: '请再次输入密码' },
  新密码: { missing: '请输入新密码', confirmMissing: '请再次输入新密码' },
} as const;

export interface NewPasswordFieldsProps {
  /** The form's name of the password field (`password` by default). */
  name?: string;
  /** The password field's label: 密码 (registration) or 新密码 (reset, change; the default). */
  label?: keyof typeof WORDING;
}

/**
 * A password to set, under spec section 5's rule, and its confirmation (确认密码,
 * `confirmPassword`), which must be equal and is checked again when the password changes.
 */
export function NewPasswordFields({ name = 'password', label = '新密码' }: NewPasswordFieldsProps) {
  useEffect(preloadFieldValidators, []);
  const wording = WORDING[label];
  return (
    <>
      <Form.Item name={name} label={label} rules={[required(wording.missing), RULES.password]}>
        <TextInput
          label={label}
          type="password"
          placeholder="字母开头，6-19位，含数字"
          autoComplete="new-password"
          maxLength={19}
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label="确认密码"
        dependencies={[name]}
        rules={[required(wording.confirmMissing), sameAs(name)]}
      >
        <TextInput
          label="确认密码"
          type="password"
          placeholder={wording.confirmMissing}
          autoComplete="new-password"
          maxLength={19}
        />
      </Form.Item>
    </>
  );
}
