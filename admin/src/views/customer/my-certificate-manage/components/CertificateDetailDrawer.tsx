import type { CertificateDetail } from '@px/api/contract';
import { Drawer, Flex, Typography } from 'antd';
import { getCertificate } from '../../../../api/my-certificate';
import { CertificateDescriptions, CertificatePrintLog } from '../../../../components/CertificateDetail';
import { PageLoading } from '../../../../components/PageLoading';
import { LoadFailed } from '../../../../components/RecordPending';
import { useRecord } from '../../../../hooks/useRecord';

/** 证书详情: the certificate's snapshot, codes, state, template, query address and reprints. */
export function CertificateDetailDrawer({
  certificateId,
  onClose,
}: {
  certificateId: number | null;
  onClose: () => void;
}) {
  const record = useRecord<number, CertificateDetail>(certificateId, getCertificate);
  return (
    <Drawer title="证书详情" open={certificateId !== null} onClose={onClose} size={760} destroyOnHidden>
      {record.status === 'loading' && <PageLoading />}
      {record.status === 'error' && <LoadFailed message={record.message} onRetry={record.reload} />}
      {record.status === 'ready' && (
        <Flex vertical gap={16}>
          <CertificateDescriptions certificate={record.record} />
          <Typography.Title level={5}>补打记录</Typography.Title>
          <CertificatePrintLog prints={record.record.prints} />
        </Flex>
      )}
    </Drawer>
  );
}
