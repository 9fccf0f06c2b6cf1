import { Form, Input, Modal, message } from 'antd';
import { useState } from 'react';
import { bindWxappOpenId } from '../../../../api/wxapp';
import { showServerFieldErrors } from '../../../../utils/form-errors';

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
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let values: BindValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await bindWxappOpenId({ id: wxappId, accountId: Number(values.accountId), openId: values.openId });
      void message.success('已绑定');
      onSaved();
    } catch (error) {
      showServerFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="手动绑定"
      okText="绑定"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onCancel}
      afterClose={afterClose}
      mask={{ closable: false }}
    >
      <Form form={form} layout="vertical" name="wxapp-bind" initialValues={{ accountId: '', openId: '' }}>
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
      </Form>
    </Modal>
  );
}
