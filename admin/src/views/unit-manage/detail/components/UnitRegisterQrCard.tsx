import QrcodeOutlined from '@ant-design/icons/QrcodeOutlined';
import type { H5RegisterQrCodeAnswer } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { Button, Card, Descriptions, Flex, Image, Typography } from 'antd';
import { useState } from 'react';
import { getUnitRegisterQrCode } from '../../../../api/unit';
import { CopyableText } from '../../../../components/ShownOnce';

/** What the card tells the manager to do with the code. */
export const REGISTER_QR_HINT = '学员用微信扫码关注公众号后，按提示完成注册即可自动归属本单位';

/**
 * 学员注册二维码: the unit's WeChat QR code (`unit/h5-register-qr-code`) and its registration link,
 * asked for on demand. Without an official account for the project the request client shows why
 * and the card stays as it was.
 */
export function UnitRegisterQrCard({ unitId }: { unitId: number }) {
  const [code, setCode] = useState<H5RegisterQrCodeAnswer | null>(null);
  const [loading, setLoading] = useState(false);

  const fetchCode = async () => {
    setLoading(true);
    try {
      setCode(await getUnitRegisterQrCode(unitId));
    } catch {
      // The request client has shown why (当前项目未配置微信公众号, 单位已停用).
    } finally {
      setLoading(false);
    }
  };

  return (
    <Card
      title="学员注册二维码"
      extra={
        <Button type="primary" icon={<QrcodeOutlined />} loading={loading} onClick={() => void fetchCode()}>
          生成/查看二维码
        </Button>
      }
    >
      {code ? (
        <Flex wrap gap={24} align="flex-start">
          <Image src={code.imageUrl} alt={`${code.unitName}学员注册二维码`} width={200} />
          <Flex vertical gap={12} style={{ flex: '1 1 320px', minWidth: 0 }}>
            <Typography.Paragraph style={{ margin: 0 }}>{REGISTER_QR_HINT}</Typography.Paragraph>
            <Descriptions
              column={1}
              size="small"
              items={[
                {
                  key: 'registerUrl',
                  label: '注册链接',
                  children: <CopyableText text={code.registerUrl} />,
                },
                {
                  key: 'expiresAt',
                  label: '有效期',
                  children: code.expiresAt ? `至 ${formatDateTime(code.expiresAt)}` : '长期有效',
                },
              ]}
            />
          </Flex>
        </Flex>
      ) : (
        <Typography.Text type="secondary">
          生成本单位专属的注册二维码，打印或转发给学员扫码注册
        </Typography.Text>
      )}
    </Card>
  );
}
