import type { PublicCertificate } from '@px/api/contract';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Form, Tabs } from 'react-vant';
import { queryCertificate, queryCertificatesById } from '../../api/my-certificate';
import { CertificateSnapshotCells } from '../../components/certificate/CertificateSnapshot';
import { EmptyState } from '../../components/EmptyState';
import { IdentityQueryForm } from '../../components/form/IdentityQueryForm';
import { SubmitFooter } from '../../components/form/SubmitFooter';
import { TextInput } from '../../components/TextInput';
import { useSubmitLock } from '../../hooks/useSubmitLock';
import { required } from '../../utils/form-rules';
import './query-certificate.css';

type Mode = 'code' | 'id';

/** One certificate found: 有效 or 已停用 in large type, the issuer, then what it says. */
function CertificateResult({ certificate }: { certificate: PublicCertificate }) {
  const valid = certificate.status === 'VALID';
  return (
    <section className="query-result" aria-label={`证书 ${certificate.certificateNo}`}>
      <div
        className={`query-result__status query-result__status--${valid ? 'valid' : 'disabled'}`}
        role="status"
      >
        <strong>{valid ? '有效' : '已停用'}</strong>
        <span>{valid ? '该证书真实有效' : '该证书已停用，不再作为有效证明'}</span>
      </div>
      <p className="query-result__issuer">发证机构：{certificate.issuer}</p>
      <CertificateSnapshotCells certificate={certificate} certificateNo={certificate.certificateNo} />
    </section>
  );
}

/** 验证码查询: the code of the QR code (prefilled from `?code=`, looked up at once), the code or the number. */
function ByCode({
  initialCode,
  onFound,
}: {
  initialCode: string;
  onFound: (found: PublicCertificate[]) => void;
}) {
  const [form] = Form.useForm<{ code: string }>();
  const { submitting, run } = useSubmitLock();
  const search = (code: string) =>
    run(async () => {
      try {
        onFound([await queryCertificate(code.trim())]);
      } catch {
        onFound([]);
      }
    });
  const asked = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the code of the address is looked up once
  useEffect(() => {
    if (initialCode && !asked.current) {
      asked.current = true;
      void search(initialCode);
    }
  }, [initialCode]);
  return (
    <Form
      form={form}
      initialValues={{ code: initialCode }}
      onFinish={(values: { code: string }) => void search(values.code)}
      footer={<SubmitFooter submitting={submitting}>查询</SubmitFooter>}
    >
      <Form.Item name="code" label="验证码" rules={[required('请输入证书验证码或证书编号')]}>
        <TextInput label="验证码" placeholder="证书验证码或证书编号" maxLength={32} autoComplete="off" />
      </Form.Item>
    </Form>
  );
}

/** 身份证查询: ID number and real name, then the slider captcha, then every certificate of that person. */
function ById({ onFound }: { onFound: (found: PublicCertificate[]) => void }) {
  return (
    <IdentityQueryForm
      onQuery={async (asked, token) =>
        onFound(await queryCertificatesById(asked.idCardNo, asked.realName, token))
      }
    />
  );
}

/**
 * /query-certificate (public): verifies a certificate by its code (the QR code's `?code=`, looked up
 * at once) or by ID number and name behind the slider captcha, showing 有效 / 已停用 and what the
 * certificate says (the name and ID number masked).
 */
export function QueryCertificatePage() {
  const [params] = useSearchParams();
  const initialCode = params.get('code')?.trim() ?? '';
  const [mode, setMode] = useState<Mode>('code');
  const [found, setFound] = useState<PublicCertificate[] | null>(null);
  const choose = (name: string | number) => {
    setMode(name === 'id' ? 'id' : 'code');
    setFound(null);
  };
  return (
    <main className="page query-certificate">
      <header className="query-certificate__header">
        <h1 className="query-certificate__title">证书查询</h1>
        <p className="query-certificate__subtitle">查验培训证书的真伪与状态</p>
      </header>
      <Tabs active={mode} onChange={choose}>
        <Tabs.TabPane name="code" title="验证码查询">
          <ByCode initialCode={initialCode} onFound={setFound} />
        </Tabs.TabPane>
        <Tabs.TabPane name="id" title="身份证查询">
          <ById onFound={setFound} />
        </Tabs.TabPane>
      </Tabs>
      {found !== null && found.length === 0 && <EmptyState kind="search" description="未查询到证书" />}
      {found?.map((certificate) => (
        <CertificateResult key={certificate.certificateNo} certificate={certificate} />
      ))}
    </main>
  );
}
