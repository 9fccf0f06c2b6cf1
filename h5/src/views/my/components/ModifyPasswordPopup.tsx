import { encryptLoginField } from '@px/config';
import { useState } from 'react';
import { Form, Toast } from 'react-vant';
import { modifyPassword, modifyPasswordByMobile } from '../../../api/login';
import { sendSignedInMsgCode } from '../../../api/sms';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields';
import { SmsCodeField } from '../../../components/form/SmsCodeField';
import { SubmitFooter } from '../../../components/form/SubmitFooter';
import { SegmentedTabs } from '../../../components/SegmentedTabs';
import { TextInput } from '../../../components/TextInput';
import { useFormSubmit } from '../../../hooks/useSubmitLock';
import { required } from '../../../utils/form-rules';
import { FormPopup } from './FormPopup';

type Mode = 'old-password' | 'sms';

interface PasswordForm {
  oldPassword?: string;
  msgCode?: string;
  newPassword: string;
  confirmPassword: string;
}

export interface ModifyPasswordPopupProps {
  visible: boolean;
  /** `loginPublicKey` of system-info: both passwords are encrypted with it. */
  publicKey: string;
  /** The account's mobile (masked or not); without one only the old password can be used. */
  mobile: string | null;
  onClose: () => void;
}

/** `password` of the SMS call is the form's `newPassword`. */
const PASSWORD_FIELD = { password: 'newPassword' };

/**
 * 修改密码: with the old password (`login/modify-password`, both encrypted) or with a code sent to
 * the account's mobile (`sms/send-msg-code` purpose modify-password, then
 * `login/modify-password-by-mobile`). The new password follows spec section 5's rule.
 */
export function ModifyPasswordPopup({ visible, publicKey, mobile, onClose }: ModifyPasswordPopupProps) {
  const [form] = Form.useForm<PasswordForm>();
  const [mode, setMode] = useState<Mode>('old-password');
  const { submitting, run } = useFormSubmit(form, PASSWORD_FIELD);

  const close = () => {
    form.resetFields();
    setMode('old-password');
    onClose();
  };

  const submit = (values: PasswordForm) =>
    run(async () => {
      const newPassword = await encryptLoginField(values.newPassword, publicKey);
      if (mode === 'old-password') {
        await modifyPassword({
          oldPassword: await encryptLoginField(values.oldPassword ?? '', publicKey),
          newPassword,
        });
      } else {
        await modifyPasswordByMobile({ msgCode: (values.msgCode ?? '').trim(), password: newPassword });
      }
      Toast.success('密码已修改');
      close();
    });

  return (
    <FormPopup title="修改密码" visible={visible} onClose={close}>
      {mobile && (
        <SegmentedTabs
          label="验证方式"
          tabs={[
            { key: 'old-password', title: '原密码验证' },
            { key: 'sms', title: '短信验证' },
          ]}
          active={mode}
          onChange={setMode}
        />
      )}
      <Form
        form={form}
        onFinish={(values: PasswordForm) => void submit(values)}
        footer={<SubmitFooter submitting={submitting}>确认修改</SubmitFooter>}
      >
        {mode === 'old-password' ? (
          <Form.Item name="oldPassword" label="原密码" rules={[required('请输入原密码')]}>
            <TextInput
              label="原密码"
              type="password"
              placeholder="请输入原密码"
              autoComplete="current-password"
            />
          </Form.Item>
        ) : (
          <SmsCodeField
            send={() => sendSignedInMsgCode({ purpose: 'modify-password' })}
            intro={`验证码将发送至 ${mobile}`}
          />
        )}
        <NewPasswordFields name="newPassword" />
      </Form>
    </FormPopup>
  );
}
