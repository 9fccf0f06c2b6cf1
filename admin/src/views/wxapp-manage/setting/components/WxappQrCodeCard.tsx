import QrcodeOutlined from '@ant-design/icons/QrcodeOutlined';
import { Button, Card, Flex, Image, Typography } from 'antd';
import { useState } from 'react';
import { getWxappQrCode } from '../../../../api/wxapp';

/**
 * Section 关注二维码 of 公众号设置: fetches the official account's permanent follow QR code on
 * demand (`wxapp/qr-code`) and shows it.
 */
export function WxappQrCodeCard({ wxappId }: { wxappId: number }) {
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const fetchCode = async () => {
    setLoading(true);
    try {
      setImageUrl((await getWxappQrCode(wxappId)).imageUrl);
    } catch {
      // The request client has shown why.
    } finally {
      setLoading(false);
    }
  };

  return (
    <Card
      title="关注二维码"
      extra={
        <Button icon={<QrcodeOutlined />} loading={loading} onClick={() => void fetchCode()}>
          获取二维码
        </Button>
      }
    >
      {imageUrl ? (
        <Flex vertical align="flex-start" gap={8}>
          <Image src={imageUrl} alt="公众号关注二维码" width={200} />
          <Typography.Text type="secondary">永久二维码，可打印或放在宣传材料中供学员扫码关注</Typography.Text>
        </Flex>
      ) : (
        <Typography.Text type="secondary">点击「获取二维码」查看公众号的关注二维码</Typography.Text>
      )}
    </Card>
  );
}
