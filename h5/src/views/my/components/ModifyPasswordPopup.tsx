import { encryptLoginField } from '@px/config';
import { useEffect, useState } from 'react';
import { Button, Form, Popup, Toast } from 'react-vant';
import { modifyPassword, modifyPasswordByMobile } from '../../../api/login';
import { sendSignedInMsgCode } from '../../../api/sms';
import { SegmentedTabs } from '../../../components/SegmentedTabs';
import { SmsCodeButton } from '../../../components/SmsCodeButton';
import { TextInput } from '../../../components/TextInput';
import { showServerFieldErrors } from '../../../utils/form-errors';
import { preloadFieldValidators, RULES, required, sameAs } from '../../../utils/form-rules';
import { showLocalError } from '../../../utils/show-error';

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

/**
 * 修改密码: with the old password (`login/modify-password`, both encrypted) or with a code sent to
 * the account's mobile (`sms/send-msg-code` purpose modify-password, then
 * `login/modify-password-by-mobile`). The new password follows spec section 5's rule.
 */
export function ModifyPasswordPopup({ visible, publicKey, mobile, onClose }: ModifyPasswordPopupProps) {
  const [form] = Form.useForm<PasswordForm>();
  const [mode, setMode] = useState<Mode>('old-password');
  const [submitting, setSubmitting] = useState(false);
  useEffect(preloadFieldValidators, []);

  const close = () => {
    form.resetFields();
    setMode('old-password');
    onClose();
  };

  const submit = async (values: PasswordForm) => {
    if (submitting) return;
    setSubmitting(true);
    try {
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
    } catch (error) {
      showLocalError(error);
      // `password` of the SMS call is the form's `newPassword`.
      showServerFieldErrors(form, error, { password: 'newPassword' });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Popup
      visible={visible}
      round
      position="bottom"
      closeable
      onClose={close}
      title="修改密码"
      destroyOnClose
    >
      <div className="my-popup">
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
          footer={
            <div className="my-popup__footer">
              <Button
                round
                block
                type="primary"
                nativeType="submit"
                loading={submitting}
                disabled={submitting}
              >
                确认修改
              </Button>
            </div>
          }
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
            <Form.Item
              name="msgCode"
              label="验证码"
              rules={[required('请输入短信验证码'), RULES.smsCode]}
              suffix={<SmsCodeButton send={() => sendSignedInMsgCode({ purpose: 'modify-password' })} />}
              intro={`验证码将发送至 ${mobile}`}
            >
              <TextInput
                label="验证码"
                inputMode="numeric"
                placeholder="请输入短信验证码"
                autoComplete="one-time-code"
                maxLength={6}
              />
            </Form.Item>
          )}
          <Form.Item name="newPassword" label="新密码" rules={[required('请输入新密码'), RULES.password]}>
            <TextInput
              label="新密码"
              type="password"
              placeholder="字母开头，6-19位，含数字"
              autoComplete="new-password"
              maxLength={19}
            />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label="确认密码"
            dependencies={['newPassword']}
            rules={[required('请再次输入新密码'), sameAs('newPassword')]}
          >
            <TextInput
              label="确认密码"
              type="password"
              placeholder="请再次输入新密码"
              autoComplete="new-password"
            />
          </Form.Item>
        </Form>
      </div>
    </Popup>
  );
}
