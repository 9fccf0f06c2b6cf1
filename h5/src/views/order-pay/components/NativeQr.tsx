import { useEffect, useState } from 'react';
import { Button, Loading } from 'react-vant';
import { getPayQr } from '../../../api/order';

export interface NativeQrProps {
  orderId: number;
  /** WeChat's `code_url` of the open Native payment; a new one loads the image again. */
  codeUrl: string;
  /** Development only: the simulator's page that plays scanning the code with WeChat. */
  simulatorScanUrl: string | null;
}

type QrState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; src: string };

/**
 * The QR code of the order's Native payment (`order/pay-qr`, a PNG drawn by the server) shown from
 * an object URL that is revoked when the code changes or the page goes away, with 请使用微信扫一扫支付
 * and, in development, a link to pay in the WeChat simulator.
 */
export function NativeQr({ orderId, codeUrl, simulatorScanUrl }: NativeQrProps) {
  const [state, setState] = useState<QrState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new code (or a retry) draws the image again
  useEffect(() => {
    let current = true;
    let objectUrl: string | null = null;
    setState({ status: 'loading' });
    getPayQr(orderId).then(
      (blob) => {
        if (!current) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ status: 'ready', src: objectUrl });
      },
      () => current && setState({ status: 'error' }),
    );
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [orderId, codeUrl, attempt]);

  return (
    <section className="order-pay__qr" aria-label="扫码支付">
      <div className="order-pay__qr-box">
        {state.status === 'ready' && (
          <img className="order-pay__qr-image" src={state.src} alt="微信支付二维码" />
        )}
        {state.status === 'loading' && <Loading vertical>二维码生成中…</Loading>}
        {state.status === 'error' && (
          <Button size="small" round plain type="primary" onClick={() => setAttempt((value) => value + 1)}>
            二维码加载失败，点击重试
          </Button>
        )}
      </div>
      <p className="order-pay__qr-hint">请使用微信扫一扫支付</p>
      {simulatorScanUrl && (
        <a className="order-pay__sim-link" href={simulatorScanUrl} target="_blank" rel="noopener noreferrer">
          在微信模拟器中扫码
        </a>
      )}
    </section>
  );
}
