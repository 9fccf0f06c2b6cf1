import type { LoginAnswer } from '@px/api/contract';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Button, Form } from 'react-vant';
import { loginByMobile, sendMsgCodeByLogin } from '../../api/login';
import { type FieldError, fieldErrorsOf } from '../../api/request';
import { unitIdAtom } from '../../store/project';
import { showServerFieldErrors } from '../../utils/form-errors';
import { preloadFieldValidators, RULES, required } from '../../utils/form-rules';
import { SmsCodeButton } from '../SmsCodeButton';
import { TextInput } from '../TextInput';
import './sign-in.css';

interface SmsForm {
  mobile: string;
  msgCode: string;
  realName?: string;
  idCardNo?: string;
}

export interface SmsSignInFormProps {
  /** The project's `loginAsRegister`: an unknown mobile may create the account (name + ID number). */
  loginAsRegister: boolean;
  /** The WeChat binding scene (`/login-wx-binding`). */
  scene?: string;
  submitText?: string;
  onSignedIn: (answer: LoginAnswer) => void;
}

/** The fields the server asks for when an unknown mobile signs in under `loginAsRegister`. */
const IDENTITY_FIELDS = ['realName', 'idCardNo'];

/**
 * Sign-in by mobile and SMS code (`login/send-msg-code-by-login` with a 60 s countdown, then
 * `login/login-by-mobile`). When the project signs unknown mobiles up (`loginAsRegister`) and the
 * server names `idCardNo` / `realName`, the form asks for them and sends them with the same code.
 */
export function SmsSignInForm({
  loginAsRegister,
  scene,
  submitText = '登录',
  onSignedIn,
}: SmsSignInFormProps) {
  const [form] = Form.useForm<SmsForm>();
  const unitId = useAtomValue(unitIdAtom);
  const [submitting, setSubmitting] = useState(false);
  const [needsIdentity, setNeedsIdentity] = useState(false);
  /** Server field errors for fields shown only from the next render on. */
  const [pendingErrors, setPendingErrors] = useState<unknown>(null);
  useEffect(preloadFieldValidators, []);

  useEffect(() => {
    if (pendingErrors === null) return;
    showServerFieldErrors(form, pendingErrors);
    setPendingErrors(null);
  }, [pendingErrors, form]);

  const sendCode = async () => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      return null;
    }
    const mobile = String(form.getFieldValue('mobile')).trim();
    return sendMsgCodeByLogin({ mobile, ...(unitId ? { unitId } : {}) });
  };

  const submit = async (values: SmsForm) => {
    if (submitting) return;
    setSubmitting(true);
    try {
      const answer = await loginByMobile({
        mobile: values.mobile.trim(),
        msgCode: values.msgCode.trim(),
        ...(needsIdentity && values.realName ? { realName: values.realName.trim() } : {}),
        ...(needsIdentity && values.idCardNo ? { idCardNo: values.idCardNo.trim().toUpperCase() } : {}),
        ...(unitId ? { unitId } : {}),
        ...(scene ? { scene } : {}),
      });
      onSignedIn(answer);
    } catch (error) {
      const asksIdentity = fieldErrorsOf(error).some((entry: FieldError) =>
        IDENTITY_FIELDS.includes(entry.field),
      );
      if (asksIdentity && loginAsRegister && !needsIdentity) {
        setNeedsIdentity(true);
        setPendingErrors(error);
      } else {
        showServerFieldErrors(form, error);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form
      form={form}
      onFinish={(values: SmsForm) => void submit(values)}
      footer={
        <div className="sign-in__footer">
          <Button round block type="primary" nativeType="submit" loading={submitting} disabled={submitting}>
            {submitText}
          </Button>
        </div>
      }
    >
      <Form.Item name="mobile" label="手机号" rules={[required('请输入手机号'), RULES.mobile]}>
        <TextInput
          label="手机号"
          type="tel"
          inputMode="tel"
          placeholder="请输入手机号"
          autoComplete="tel"
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
      {needsIdentity && (
        <>
          <p className="sign-in__note">该手机号尚未注册，请填写姓名和身份证号，登录时将为您创建账号</p>
          <Form.Item name="realName" label="姓名" rules={[required('请输入姓名')]}>
            <TextInput label="姓名" placeholder="请输入真实姓名" autoComplete="name" maxLength={50} />
          </Form.Item>
          <Form.Item
            name="idCardNo"
            label="身份证号"
            rules={[required('请输入身份证号'), RULES.idCardNumber]}
          >
            <TextInput label="身份证号" placeholder="请输入身份证号" maxLength={18} />
          </Form.Item>
        </>
      )}
    </Form>
  );
}
