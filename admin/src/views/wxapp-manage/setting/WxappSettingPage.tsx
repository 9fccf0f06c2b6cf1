import type { WxappItem } from '@px/api/contract';
import { Flex } from 'antd';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { getWxapp } from '../../../api/wxapp';
import { AddressRecordPending, type AddressTexts } from '../../../components/RecordPending';
import { useAddressRecord } from '../../../hooks/useAddressRecord';
import { WXAPP_LIST_PATH, wxappSettingPath } from '../wxapp-meta';
import { WxappBasicForm } from './components/WxappBasicForm';
import { WxappBindingsCard } from './components/WxappBindingsCard';
import { WxappProjectsCard } from './components/WxappProjectsCard';
import { WxappQrCodeCard } from './components/WxappQrCodeCard';

/** What 公众号设置 says of an address naming no record. */
const WXAPP_ADDRESS: AddressTexts = {
  invalid: '公众号编号无效',
  hint: '请从公众号列表进入公众号设置。',
  back: '返回公众号列表',
};

/**
 * 公众号设置 (hidden page): `?id=` edits an official account (basic settings, payment, projects
 * served, follow QR code, bound users); without `id` it creates one, then goes on editing it.
 */
export function WxappSettingPage() {
  const navigate = useNavigate();
  // The account just created: its page shows it without asking the server again.
  const created = useRef<WxappItem | null>(null);
  // The record `null`: a new official account.
  const { invalid, state } = useAddressRecord<WxappItem>((id) => {
    const known = created.current;
    created.current = null;
    return known?.id === id ? known : getWxapp(id);
  });

  const back = () => navigate(WXAPP_LIST_PATH);

  if (invalid || state.status !== 'ready') {
    return <AddressRecordPending invalid={invalid} state={state} texts={WXAPP_ADDRESS} onBack={back} />;
  }

  const wxapp = state.record;
  const update = state.set;

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
