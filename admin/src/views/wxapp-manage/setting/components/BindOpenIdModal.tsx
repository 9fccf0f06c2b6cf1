import { Form, Input, message } from 'antd';
import { bindWxappOpenId } from '../../../../api/wxapp';
import { FormModal } from '../../../../components/FormModal';

interface BindValues {
  accountId: string;
  openId: string;
}

/** The openid rule of `wxapp/bind` (api contract/wechat.ts). */
const OPEN_ID_PATTERN = /^[0-9A-Za-z_-]{20,64}$/;
const ACCOUNT_ID_PATTERN = /^[1-9]\d{0,15}$/;

export interface BindOpenIdModalProps {
  open: boolean;
  wxappId: number;
  onCancel: () => void;
  /** Called after a successful binding. */
  onSaved: () => void;
  /** Called when the closing animation ends (the parent unmounts the modal then). */
  afterClose?: () => void;
}

/** 手动绑定: binds an openid of the official account to a student account (`wxapp/bind`). */
export function BindOpenIdModal({ open, wxappId, onCancel, onSaved, afterClose }: BindOpenIdModalProps) {
  const [form] = Form.useForm<BindValues>();

  const bind = async (values: BindValues) => {
    await bindWxappOpenId({ id: wxappId, accountId: Number(values.accountId), openId: values.openId });
    void message.success('已绑定');
    onSaved();
  };

  return (
    <FormModal
      open={open}
      title="手动绑定"
      okText="绑定"
      name="wxapp-bind"
      form={form}
      initialValues={{ accountId: '', openId: '' }}
      onSubmit={bind}
      onClose={onCancel}
      afterClose={afterClose}
    >
      <Form.Item
        name="accountId"
        label="学员账号ID"
        extra="要绑定的学员账号的编号（数字）"
        normalize={(value: string) => value.trim()}
        rules={[
          { required: true, message: '请填写学员账号ID' },
          { pattern: ACCOUNT_ID_PATTERN, message: '学员账号ID应为正整数' },
        ]}
      >
        <Input inputMode="numeric" maxLength={16} placeholder="例如 1024" />
      </Form.Item>
      <Form.Item
        name="openId"
        label="OpenID"
        extra="学员在本公众号下的 OpenID"
        normalize={(value: string) => value.trim()}
        rules={[
          { required: true, message: '请输入 OpenID' },
          { pattern: OPEN_ID_PATTERN, message: 'OpenID 格式不正确' },
        ]}
      >
        <Input maxLength={64} placeholder="o 开头的28位字符" />
      </Form.Item>
    </FormModal>
  );
}
