import type { PartnerAppItem } from '@px/api/contract';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';

/** The secret of an app, shown this once after it was made (created or rotated). */
export function SecretModal({
  app,
  secret,
  onClose,
}: {
  app: PartnerAppItem;
  secret: string;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      title={`应用密钥：${app.name}`}
      onCancel={onClose}
      closable={false}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose}>
          我已记下
        </Button>
      }
    >
      <Alert
        type="warning"
        showIcon
        title="密钥只显示这一次，关闭后无法再次查看。请复制后安全地交给合作方，丢失时只能轮换生成新密钥。"
      />
      <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
        <Descriptions.Item label="项目">{app.projectName}</Descriptions.Item>
        <Descriptions.Item label="App Key">
          <Typography.Text code copyable={{ text: app.appKey, tooltips: ['复制', '已复制'] }}>
            {app.appKey}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="密钥">
          <Typography.Text
            code
            copyable={{ text: secret, tooltips: ['复制', '已复制'] }}
            data-testid="partner-secret"
          >
            {secret}
          </Typography.Text>
        </Descriptions.Item>
        {app.previousSecretUntil && (
          <Descriptions.Item label="旧密钥有效至">
            {new Date(app.previousSecretUntil).toLocaleString('zh-CN')}
          </Descriptions.Item>
        )}
      </Descriptions>
    </Modal>
  );
}
