import { Form, Toast } from 'react-vant';
import { modifyMobile } from '../../../api/login';
import { sendSignedInMsgCode } from '../../../api/sms';
import { MobileCodeFields } from '../../../components/form/MobileCodeFields';
import { SubmitFooter } from '../../../components/form/SubmitFooter';
import { useSubmitLock } from '../../../hooks/useSubmitLock';
import { showServerFieldErrors } from '../../../utils/form-errors';
import { FormPopup } from './FormPopup';

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
  const { submitting, run } = useSubmitLock();

  const close = () => {
    form.resetFields();
    onClose();
  };

  const sendCode = (mobile: string) => sendSignedInMsgCode({ purpose: 'modify-mobile', mobile });

  const submit = (values: MobileForm) =>
    run(async () => {
      try {
        await modifyMobile({ mobile: values.mobile.trim(), msgCode: values.msgCode.trim() });
        Toast.success('手机号已修改');
        close();
        onChanged();
      } catch (error) {
        showServerFieldErrors(form, error);
      }
    });

  return (
    <FormPopup title="修改手机号" visible={visible} onClose={close}>
      <Form
        form={form}
        onFinish={(values: MobileForm) => void submit(values)}
        footer={<SubmitFooter submitting={submitting}>确认修改</SubmitFooter>}
      >
        <MobileCodeFields form={form} sendCode={sendCode} newMobile />
      </Form>
    </FormPopup>
  );
}
