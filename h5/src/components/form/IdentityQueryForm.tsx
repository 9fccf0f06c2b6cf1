import { useEffect, useState } from 'react';
import { Form } from 'react-vant';
import { useSubmitLock } from '../../hooks/useSubmitLock';
import { preloadFieldValidators, RULES, required } from '../../utils/form-rules';
import { SliderCaptcha } from '../SliderCaptcha';
import { TextInput } from '../TextInput';
import { SubmitFooter } from './SubmitFooter';

/** Whom a public lookup asks about: the ID number (upper-cased) and the name, trimmed. */
export interface AskedIdentity {
  idCardNo: string;
  realName: string;
}

/**
 * A public lookup by 身份证号 and 姓名 (成绩查询, 证书查询): the two fields, then the slider captcha,
 * then `onQuery` with what was asked and the captcha's token, locked against a double submit. A
 * rejected query was shown by the request client.
 */
export function IdentityQueryForm({
  onQuery,
}: {
  onQuery: (asked: AskedIdentity, captchaToken: string) => Promise<void>;
}) {
  const [form] = Form.useForm<AskedIdentity>();
  const { submitting, run } = useSubmitLock();
  const [pending, setPending] = useState<AskedIdentity | null>(null);
  useEffect(preloadFieldValidators, []);
  const onVerified = (token: string) => {
    const asked = pending;
    setPending(null);
    if (!asked) return;
    void run(async () => {
      try {
        await onQuery(asked, token);
      } catch {
        // The request client has shown why.
      }
    });
  };
  return (
    <>
      <Form
        form={form}
        onFinish={(values: AskedIdentity) =>
          setPending({ idCardNo: values.idCardNo.trim().toUpperCase(), realName: values.realName.trim() })
        }
        footer={<SubmitFooter submitting={submitting}>查询</SubmitFooter>}
      >
        <Form.Item name="idCardNo" label="身份证号" rules={[required('请输入身份证号'), RULES.idCardNumber]}>
          <TextInput label="身份证号" placeholder="请输入身份证号" maxLength={18} autoComplete="off" />
        </Form.Item>
        <Form.Item name="realName" label="姓名" rules={[required('请输入姓名')]}>
          <TextInput label="姓名" placeholder="请输入姓名" maxLength={50} autoComplete="off" />
        </Form.Item>
      </Form>
      <SliderCaptcha visible={pending !== null} onVerified={onVerified} onClose={() => setPending(null)} />
    </>
  );
}
