import { useEffect } from 'react';
import { Form } from 'react-vant';
import { preloadFieldValidators, RULES, required } from '../../utils/form-rules';
import { TextInput } from '../TextInput';

/**
 * Who the student is: 姓名 (`realName`) and 身份证号 (`idCardNo`, checked by spec section 5's
 * rule, a lower-case x accepted).
 */
export function IdentityFields() {
  useEffect(preloadFieldValidators, []);
  return (
    <>
      <Form.Item name="realName" label="姓名" rules={[required('请输入姓名')]}>
        <TextInput label="姓名" placeholder="请输入真实姓名" autoComplete="name" maxLength={50} />
      </Form.Item>
      <Form.Item name="idCardNo" label="身份证号" rules={[required('请输入身份证号'), RULES.idCardNumber]}>
        <TextInput label="身份证号" placeholder="请输入身份证号" maxLength={18} />
      </Form.Item>
    </>
  );
}
