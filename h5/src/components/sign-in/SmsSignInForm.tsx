import type { LoginAnswer } from '@px/api/contract';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Form } from 'react-vant';
import { loginByMobile, sendMsgCodeByLogin } from '../../api/login';
import { type FieldError, fieldErrorsOf } from '../../api/request';
import { useSubmitLock } from '../../hooks/useSubmitLock';
import { unitIdAtom } from '../../store/project';
import { showServerFieldErrors } from '../../utils/form-errors';
import { IdentityFields } from '../form/IdentityFields';
import { MobileCodeFields } from '../form/MobileCodeFields';
import { SubmitFooter } from '../form/SubmitFooter';
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
  const { submitting, run } = useSubmitLock();
  const [needsIdentity, setNeedsIdentity] = useState(false);
  /** Server field errors for fields shown only from the next render on. */
  const [pendingErrors, setPendingErrors] = useState<unknown>(null);

  useEffect(() => {
    if (pendingErrors === null) return;
    showServerFieldErrors(form, pendingErrors);
    setPendingErrors(null);
  }, [pendingErrors, form]);

  const sendCode = (mobile: string) => sendMsgCodeByLogin({ mobile, ...(unitId ? { unitId } : {}) });

  const submit = (values: SmsForm) =>
    run(async () => {
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
      }
    });

  return (
    <Form
      form={form}
      onFinish={(values: SmsForm) => void submit(values)}
      footer={<SubmitFooter submitting={submitting}>{submitText}</SubmitFooter>}
    >
      <MobileCodeFields form={form} sendCode={sendCode} />
      {needsIdentity && (
        <>
          <p className="sign-in__note">该手机号尚未注册，请填写姓名和身份证号，登录时将为您创建账号</p>
          <IdentityFields />
        </>
      )}
    </Form>
  );
}
