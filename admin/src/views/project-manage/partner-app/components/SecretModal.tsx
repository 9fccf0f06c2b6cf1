import type { PartnerAppItem } from '@px/api/contract';
import { Descriptions } from 'antd';
import { CopyableText, ShownOnceModal } from '../../../../components/ShownOnce';

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
    <ShownOnceModal
      open
      title={`应用密钥：${app.name}`}
      onClose={onClose}
      warning="密钥只显示这一次，关闭后无法再次查看。请复制后安全地交给合作方，丢失时只能轮换生成新密钥。"
    >
      <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
        <Descriptions.Item label="项目">{app.projectName}</Descriptions.Item>
        <Descriptions.Item label="App Key">
          <CopyableText code text={app.appKey} />
        </Descriptions.Item>
        <Descriptions.Item label="密钥">
          <CopyableText code text={secret} testId="partner-secret" />
        </Descriptions.Item>
        {app.previousSecretUntil && (
          <Descriptions.Item label="旧密钥有效至">
            {new Date(app.previousSecretUntil).toLocaleString('zh-CN')}
          </Descriptions.Item>
        )}
      </Descriptions>
    </ShownOnceModal>
  );
}
