import type { PartnerAppItem } from '@px/api/contract';
import { Form, Select } from 'antd';
import { rotatePartnerSecret } from '../../../../api/partner-app';
import { FormModal } from '../../../../components/FormModal';

const OVERLAPS = [
  { value: 0, label: '立即失效' },
  { value: 60, label: '1 小时' },
  { value: 24 * 60, label: '1 天' },
  { value: 3 * 24 * 60, label: '3 天' },
  { value: 7 * 24 * 60, label: '7 天' },
];

/** Rotates an app's secret: the new one is shown once; the old one stays valid for the chosen overlap. */
export function RotateSecretModal({
  app,
  onClose,
  onRotated,
}: {
  app: PartnerAppItem | null;
  onClose: () => void;
  onRotated: (app: PartnerAppItem, secret: string) => void;
}) {
  const [form] = Form.useForm<{ overlapMinutes: number }>();
  return (
    <FormModal<{ overlapMinutes: number }>
      open={app !== null}
      title={app ? `轮换密钥：${app.name}` : '轮换密钥'}
      okText="生成新密钥"
      name="partner-rotate"
      form={form}
      initialValues={{ overlapMinutes: 24 * 60 }}
      intro="生成新密钥后，旧密钥在保留期内仍可使用，便于合作方切换；保留期结束后旧密钥签名的请求将被拒绝。"
      onSubmit={async (values) => {
        if (!app) return;
        const rotated = await rotatePartnerSecret({ id: app.id, overlapMinutes: values.overlapMinutes });
        onRotated(rotated.app, rotated.secret as string);
      }}
      onClose={onClose}
    >
      <Form.Item
        name="overlapMinutes"
        label="旧密钥保留"
        rules={[{ required: true, message: '请选择旧密钥保留时长' }]}
      >
        <Select options={OVERLAPS} style={{ width: 200 }} />
      </Form.Item>
    </FormModal>
  );
}
