import type { StaffAccountItem } from '@px/api/contract';
import { ApiError, encryptLoginField } from '@px/config';
import { Form, Input, message } from 'antd';
import { useState } from 'react';
import { resetAccountPassword } from '../../../../api/account';
import { FormModal } from '../../../../components/FormModal';
import { CopyableText, ShownOnceModal } from '../../../../components/ShownOnce';
import { passwordRule, samePasswordRule } from '../password-rules';

export interface ResetPasswordModalProps {
  /** The account whose password is reset; the modal is open while set. */
  account: StaffAccountItem | null;
  /** The server's public key for passwords (system-info `loginPublicKey`). */
  publicKey: string | undefined;
  onClose: () => void;
}

interface ResetForm {
  password?: string;
  confirmPassword?: string;
}

/** How an account is named in texts: `姓名（账号）`. */
export function accountLabel(account: Pick<StaffAccountItem, 'realName' | 'accountName'>): string {
  return account.accountName ? `${account.realName}（${account.accountName}）` : account.realName;
}

/**
 * Resets a staff account's password: the typed one (encrypted as at sign-in), or, left empty, a
 * random one that the server answers once and this modal shows once, with a copy button. The
 * account's sessions end either way.
 */
export function ResetPasswordModal({ account, publicKey, onClose }: ResetPasswordModalProps) {
  const [form] = Form.useForm<ResetForm>();
  const [generated, setGenerated] = useState<string | null>(null);
  const open = account !== null;

  const submit = async (values: ResetForm) => {
    if (!account) return;
    try {
      let password: string | undefined;
      if (values.password) {
        if (!publicKey) throw new Error('系统信息未加载，请刷新页面后重试');
        password = await encryptLoginField(values.password, publicKey);
      }
      const answer = await resetAccountPassword(account.id, password);
      if (answer.password) {
        setGenerated(answer.password);
      } else {
        void message.success('密码已重置');
        onClose();
      }
    } catch (error) {
      // API failures were shown by the request client; anything else (no WebCrypto) is shown here.
      if (!(error instanceof ApiError))
        void message.error(error instanceof Error ? error.message : String(error));
      throw error;
    }
  };

  /** Closing forgets the generated password: it is shown once and kept nowhere. */
  const close = () => {
    setGenerated(null);
    onClose();
  };

  if (generated !== null) {
    return (
      <ShownOnceModal
        title="密码已重置"
        open={open}
        onClose={close}
        warning="新密码只显示这一次，关闭后无法再次查看，请复制后告知本人。"
      >
        <div className="reset-password__result">
          <span>{account ? `${accountLabel(account)} 的新密码：` : '新密码：'}</span>
          <CopyableText code text={generated} className="reset-password__value" />
        </div>
      </ShownOnceModal>
    );
  }

  return (
    <FormModal<ResetForm>
      title={account ? `重置密码：${accountLabel(account)}` : '重置密码'}
      open={open}
      okText="重置"
      name="reset-password"
      form={form}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="reset-password__hint">重置后该账号的登录状态将全部失效。新密码留空则由系统随机生成。</p>
      <Form.Item label="新密码" name="password" rules={[passwordRule]}>
        <Input.Password placeholder="留空则随机生成" autoComplete="new-password" maxLength={19} />
      </Form.Item>
      <Form.Item
        label="确认密码"
        name="confirmPassword"
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            required: Boolean(getFieldValue('password')),
            message: '请再次输入新密码',
          }),
          samePasswordRule('password'),
        ]}
      >
        <Input.Password placeholder="再次输入新密码" autoComplete="new-password" maxLength={19} />
      </Form.Item>
    </FormModal>
  );
}
