import type { SendMsgCodeAnswer } from '@px/api/contract';
import { useEffect } from 'react';
import { Form, type FormInstance } from 'react-vant';
import { preloadFieldValidators, RULES, required } from '../../utils/form-rules';
import { TextInput } from '../TextInput';
import { SmsCodeField } from './SmsCodeField';

export interface MobileCodeFieldsProps {
  /** The form the fields stand in: the mobile is checked there before a code is sent to it. */
  form: Pick<FormInstance, 'validateFields' | 'getFieldValue'>;
  /** Sends a code to the mobile (checked and trimmed). Rejects with an ApiError (already shown). */
  sendCode: (mobile: string) => Promise<SendMsgCodeAnswer>;
  /** The mobile is the one to change to (新手机号): the browser is not asked to fill in the current one. */
  newMobile?: boolean;
  /** The mobile field's placeholder; `请输入手机号` (`请输入新手机号`) by default. */
  placeholder?: string;
}

/**
 * The 手机号 field (`mobile`) and the 验证码 field (`msgCode`) whose button sends a code to that
 * mobile: tapping it checks the mobile first and sends nothing while it is missing or invalid.
 */
export function MobileCodeFields({ form, sendCode, newMobile = false, placeholder }: MobileCodeFieldsProps) {
  useEffect(preloadFieldValidators, []);
  const label = newMobile ? '新手机号' : '手机号';

  const send = async () => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      return null;
    }
    return sendCode(String(form.getFieldValue('mobile')).trim());
  };

  return (
    <>
      <Form.Item name="mobile" label={label} rules={[required(`请输入${label}`), RULES.mobile]}>
        <TextInput
          label={label}
          type="tel"
          inputMode="tel"
          placeholder={placeholder ?? `请输入${label}`}
          autoComplete={newMobile ? undefined : 'tel'}
          maxLength={11}
        />
      </Form.Item>
      <SmsCodeField send={send} />
    </>
  );
}
