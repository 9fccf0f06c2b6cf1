import { Form } from 'react-vant';
import { RULES, required } from '../../utils/form-rules';
import { SmsCodeButton, type SmsCodeButtonProps } from '../SmsCodeButton';
import { TextInput } from '../TextInput';

export interface SmsCodeFieldProps {
  /** Sends the code when 获取验证码 is tapped (see `SmsCodeButton`). */
  send: SmsCodeButtonProps['send'];
  /** A line under the field, e.g. where the code goes. */
  intro?: string;
}

/** The 验证码 field of a form (`msgCode`, six digits) with its 获取验证码 button. */
export function SmsCodeField({ send, intro }: SmsCodeFieldProps) {
  return (
    <Form.Item
      name="msgCode"
      label="验证码"
      rules={[required('请输入短信验证码'), RULES.smsCode]}
      suffix={<SmsCodeButton send={send} />}
      intro={intro}
    >
      <TextInput
        label="验证码"
        inputMode="numeric"
        placeholder="请输入短信验证码"
        autoComplete="one-time-code"
        maxLength={6}
      />
    </Form.Item>
  );
}
