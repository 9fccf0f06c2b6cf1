import { Wechat } from '@react-vant/icons';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Button } from 'react-vant';
import { unitIdAtom } from '../../store/project';
import { startWechatOauth } from '../../wechat/oauth';

/** 微信登录: sends the visitor through WeChat OAuth, back to `redirect` afterwards. */
export function WechatSignInButton({ redirect }: { redirect: string }) {
  const unitId = useAtomValue(unitIdAtom);
  const [leaving, setLeaving] = useState(false);
  const start = async () => {
    setLeaving(true);
    try {
      await startWechatOauth(redirect, unitId);
    } catch {
      // The request client has shown why; the visitor may try again.
      setLeaving(false);
    }
  };
  return (
    <Button
      round
      block
      className="sign-in__wechat"
      icon={<Wechat />}
      loading={leaving}
      disabled={leaving}
      onClick={() => void start()}
    >
      微信一键登录
    </Button>
  );
}
