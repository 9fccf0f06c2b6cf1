import { useEffect, useState } from 'react';
import { Button, Form, Popup, Toast } from 'react-vant';
import { modifyMobile } from '../../../api/login';
import { sendSignedInMsgCode } from '../../../api/sms';
import { SmsCodeButton } from '../../../components/SmsCodeButton';
import { TextInput } from '../../../components/TextInput';
import { showServerFieldErrors } from '../../../utils/form-errors';
import { preloadFieldValidators, RULES, required } from '../../../utils/form-rules';

interface MobileForm {
  mobile: string;
  msgCode: string;
}

export interface ModifyMobilePopupProps {
  visible: boolean;
  onClose: () => void;
  /** The mobile was changed (the profile is loaded again). */
  onChanged: () => void;
}

/**
 * 修改手机号: a code to the new mobile (`sms/send-msg-code` purpose modify-mobile), then
 * `login/modify-mobile` with the new mobile and the code.
 */
export function ModifyMobilePopup({ visible, onClose, onChanged }: ModifyMobilePopupProps) {
  const [form] = Form.useForm<MobileForm>();
  const [submitting, setSubmitting] = useState(false);
  useEffect(preloadFieldValidators, []);

  const close = () => {
    form.resetFields();
    onClose();
  };

  const sendCode = async () => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      return null;
    }
    return sendSignedInMsgCode({
      purpose: 'modify-mobile',
      mobile: String(form.getFieldValue('mobile')).trim(),
    });
  };

  const submit = async (values: MobileForm) => {
    if (submitting) return;
    setSubmitting(true);
    try {
      await modifyMobile({ mobile: values.mobile.trim(), msgCode: values.msgCode.trim() });
      Toast.success('手机号已修改');
      close();
      onChanged();
    } catch (error) {
      showServerFieldErrors(form, error);
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
      title="修改手机号"
      destroyOnClose
    >
      <div className="my-popup">
        <Form
          form={form}
          onFinish={(values: MobileForm) => void submit(values)}
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
          <Form.Item name="mobile" label="新手机号" rules={[required('请输入新手机号'), RULES.mobile]}>
            <TextInput
              label="新手机号"
              type="tel"
              inputMode="tel"
              placeholder="请输入新手机号"
              maxLength={11}
            />
          </Form.Item>
          <Form.Item
            name="msgCode"
            label="验证码"
            rules={[required('请输入短信验证码'), RULES.smsCode]}
            suffix={<SmsCodeButton send={sendCode} />}
          >
            <TextInput
              label="验证码"
              inputMode="numeric"
              placeholder="请输入短信验证码"
              autoComplete="one-time-code"
              maxLength={6}
            />
          </Form.Item>
        </Form>
      </div>
    </Popup>
  );
}
