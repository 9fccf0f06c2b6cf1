import { isMobile, VALIDATION_MESSAGES } from '@px/config';
import { Form, Input } from 'antd';
import { maxChars, required } from '../utils/form-rules';

/** A back-office account name: 3-40 letters, digits or `_ - . @` (as the API checks it). */
const ACCOUNT_NAME = /^[A-Za-z0-9_.@-]{3,40}$/;

/**
 * The fields naming a back-office account in its forms: 账号 (sign-in name), 姓名 and an optional
 * 手机号, with the API's rules (administrator list, a new project's first administrator).
 */
export function StaffIdentityFields() {
  return (
    <>
      <Form.Item
        label="账号"
        name="accountName"
        rules={[
          required('请输入账号'),
          { pattern: ACCOUNT_NAME, message: '账号须为 3-40 位字母、数字或 _ - . @' },
        ]}
      >
        <Input placeholder="用于登录后台，如 zhangsan" maxLength={40} autoComplete="off" />
      </Form.Item>
      <Form.Item label="姓名" name="realName" rules={[required('请输入姓名'), maxChars('姓名', 50)]}>
        <Input placeholder="请输入姓名" maxLength={50} />
      </Form.Item>
      <Form.Item
        label="手机号"
        name="mobile"
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (value?.trim() && !isMobile(value.trim())) throw new Error(VALIDATION_MESSAGES.mobile);
            },
          },
        ]}
      >
        <Input placeholder="选填" maxLength={11} />
      </Form.Item>
    </>
  );
}
