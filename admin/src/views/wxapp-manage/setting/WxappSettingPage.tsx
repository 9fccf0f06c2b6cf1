import type { WxappItem } from '@px/api/contract';
import { Button, Flex, Result, Space } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getWxapp } from '../../../api/wxapp';
import { PageLoading } from '../../../components/PageLoading';
import { readPositiveId } from '../../../utils/query-id';
import { WXAPP_LIST_PATH, wxappSettingPath } from '../wxapp-meta';
import { WxappBasicForm } from './components/WxappBasicForm';
import { WxappBindingsCard } from './components/WxappBindingsCard';
import { WxappProjectsCard } from './components/WxappProjectsCard';
import { WxappQrCodeCard } from './components/WxappQrCodeCard';

type LoadState =
  | { status: 'loading' }
  /** `wxapp` null: a new official account. */
  | { status: 'ready'; wxapp: WxappItem | null }
  | { status: 'error'; message: string };

/**
 * 公众号设置 (hidden page): `?id=` edits an official account (basic settings, payment, projects
 * served, follow QR code, bound users); without `id` it creates one, then goes on editing it.
 */
export function WxappSettingPage() {
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const wxappId = readPositiveId(rawId);
  const navigate = useNavigate();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  // The account just created: its page shows it without asking the server again.
  const created = useRef<WxappItem | null>(null);

  const load = useCallback(async () => {
    if (wxappId === null) {
      setState({ status: 'ready', wxapp: null });
      return;
    }
    const known = created.current;
    created.current = null;
    if (known?.id === wxappId) {
      setState({ status: 'ready', wxapp: known });
      return;
    }
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', wxapp: await getWxapp(wxappId) });
    } catch (error) {
      setState({ status: 'error', message: error instanceof Error ? error.message : '加载失败' });
    }
  }, [wxappId]);

  useEffect(() => {
    void load();
  }, [load]);

  const back = () => navigate(WXAPP_LIST_PATH);

  if (rawId !== null && wxappId === null) {
    return (
      <Result
        status="warning"
        title="公众号编号无效"
        subTitle="请从公众号列表进入公众号设置。"
        extra={
          <Button type="primary" onClick={back}>
            返回公众号列表
          </Button>
        }
      />
    );
  }
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'error') {
    return (
      <Result
        status="error"
        title="加载失败"
        subTitle={state.message}
        extra={
          <Space>
            <Button type="primary" onClick={() => void load()}>
              重新加载
            </Button>
            <Button onClick={back}>返回公众号列表</Button>
          </Space>
        }
      />
    );
  }

  const { wxapp } = state;
  const update = (saved: WxappItem) => setState({ status: 'ready', wxapp: saved });

  return (
    <Flex vertical gap={16}>
      <WxappBasicForm
        key={wxapp?.id ?? 'new'}
        wxapp={wxapp}
        onBack={back}
        onSaved={(saved) => {
          if (wxapp) {
            update(saved);
            return;
          }
          created.current = saved;
          navigate(wxappSettingPath(saved.id), { replace: true });
        }}
      />
      {wxapp && (
        <>
          <WxappProjectsCard key={`projects-${wxapp.id}`} wxapp={wxapp} onSaved={update} />
          <WxappQrCodeCard key={`qr-${wxapp.id}`} wxappId={wxapp.id} />
          <WxappBindingsCard key={`bindings-${wxapp.id}`} wxappId={wxapp.id} />
        </>
      )}
    </Flex>
  );
}
