import type { CertificateDetail, CertificateItem } from '@px/api/contract';
import { CERTIFICATE_KIND_LABELS } from '@px/api/contract';
import { saveBlobAs } from '@px/config/save-blob';
import { Alert, Button, Card, Empty, Flex, Input, message, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getCertificate, listCertificates, reprintCertificate } from '../../../api/my-certificate';
import {
  CertificateDescriptions,
  CertificatePrintLog,
  CertificateStateTag,
} from '../../../components/CertificateDetail';
import { RowsTable } from '../../../components/RowsTable';
import { certificateFileName } from '../../customer/my-certificate-manage/certificate-meta';

/** What the search box holds: a whole ID number (18 characters), else a number, code or name. */
export function searchFilters(text: string) {
  const value = text.trim();
  if (/^\d{17}[\dXx]$/.test(value)) return { idCardNo: value };
  if (/^[0-9A-Za-z-]{8,32}$/.test(value)) return { certificateNo: value };
  return { name: value };
}

const RESULT_COLUMNS = (onPick: (row: CertificateItem) => void): ColumnsType<CertificateItem> => [
  { title: '证书编号', dataIndex: 'certificateNo', width: 190 },
  { title: '姓名', dataIndex: 'studentName', width: 90 },
  { title: '身份证号', dataIndex: 'idCardNo', width: 170 },
  {
    title: '班级 / 类型',
    dataIndex: 'className',
    render: (name: string, row) => `${name}（${CERTIFICATE_KIND_LABELS[row.kind]}）`,
  },
  {
    title: '状态',
    dataIndex: 'status',
    width: 86,
    render: (status: CertificateItem['status']) => <CertificateStateTag status={status} />,
  },
  { title: '补打次数', dataIndex: 'printCount', width: 90 },
  {
    title: '操作',
    key: 'pick',
    width: 80,
    render: (_value, row) => (
      <Button type="link" size="small" onClick={() => onPick(row)}>
        选择
      </Button>
    ),
  },
];

/**
 * 证书打印 (补打, hidden page; 证书管理 links here with `?id=`): finds a certificate by number,
 * verification code, ID number or name, shows it with its print count and log, and 补打 prints it
 * again: the server counts and logs the print and answers the PDF, which is saved.
 */
export function CertificatePrintPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const [results, setResults] = useState<CertificateItem[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [certificate, setCertificate] = useState<CertificateDetail | null>(null);
  const [printing, setPrinting] = useState(false);

  const load = useCallback((certificateId: number) => {
    getCertificate(certificateId).then(setCertificate, () => setCertificate(null));
  }, []);
  useEffect(() => {
    if (id) load(id);
    else setCertificate(null);
  }, [id, load]);

  const search = async (text: string) => {
    if (!text.trim()) return;
    setSearching(true);
    try {
      const page = await listCertificates({ ...searchFilters(text), pageNum: 1, pageSize: 20 });
      setResults(page.list);
      if (page.list.length === 1) setParams({ id: String(page.list[0]?.id) });
    } catch {
      // The request client has shown why.
    } finally {
      setSearching(false);
    }
  };

  const reprint = async () => {
    if (!certificate) return;
    setPrinting(true);
    try {
      saveBlobAs(await reprintCertificate(certificate.id), certificateFileName(certificate.certificateNo));
      void message.success('已补打，打印次数已记录');
      load(certificate.id);
    } catch {
      // The request client has shown why.
    } finally {
      setPrinting(false);
    }
  };

  return (
    <Card title="证书打印">
      <Flex vertical gap={16}>
        <Input.Search
          placeholder="证书编号、验证码、身份证号或姓名"
          enterButton="查找"
          allowClear
          loading={searching}
          maxLength={50}
          style={{ maxWidth: 480 }}
          onSearch={(text) => void search(text)}
        />
        {results && results.length !== 1 && (
          <RowsTable<CertificateItem>
            rowKey="id"
            columns={RESULT_COLUMNS((row) => setParams({ id: String(row.id) }))}
            dataSource={results}
            empty={<Empty description="没有找到证书" />}
          />
        )}
        {certificate && (
          <Flex vertical gap={12}>
            {!certificate.abilities.canReprint && (
              <Alert type="warning" showIcon title={certificate.abilities.reprintRefusal} />
            )}
            <Flex align="center" gap={12}>
              <Typography.Text strong>已补打 {certificate.printCount} 次</Typography.Text>
              <Button
                type="primary"
                loading={printing}
                disabled={!certificate.abilities.canReprint}
                onClick={() => void reprint()}
              >
                补打证书
              </Button>
            </Flex>
            <CertificateDescriptions certificate={certificate} />
            <Typography.Title level={5}>补打记录</Typography.Title>
            <CertificatePrintLog prints={certificate.prints} />
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
