import { randomUUID } from 'node:crypto';
import { formatWechatPayTime } from '../../client/pay';
import { encryptResource, signWechatPayMessage } from '../../client/pay-crypto';
import type { SimClock } from '../clock';
import type { SimMerchant } from '../registry';

/** WeChat Pay's retry schedule after a failed delivery: 15s,15s,30s,3m,10m,20m,30m,30m,30m,60m,3h,3h,3h,6h,6h. */
export const NOTIFY_RETRY_SCHEDULE_MS: readonly number[] = [
  15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10800, 10800, 10800, 21600, 21600,
].map((seconds) => seconds * 1000);

/** WeChat waits this long for an answer before counting the delivery as failed. */
export const NOTIFY_TIMEOUT_MS = 5000;

export type PayEventType = 'TRANSACTION.SUCCESS' | 'REFUND.SUCCESS' | 'REFUND.ABNORMAL' | 'REFUND.CLOSED';

/** One notification, encrypted once and delivered (and redelivered) with the same body. */
export interface SimNotification {
  id: string;
  mchId: string;
  outTradeNo: string;
  eventType: PayEventType;
  notifyUrl: string;
  /** The JSON body exactly as sent. */
  body: string;
}

export interface DeliveryRecord {
  notificationId: string;
  eventType: PayEventType;
  outTradeNo: string;
  notifyUrl: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** Sim clock. */
  at: number;
  outcome: 'delivered' | 'failed' | 'dropped' | 'gave-up';
  status?: number;
  error?: string;
}

const SUMMARY: Record<PayEventType, string> = {
  'TRANSACTION.SUCCESS': '支付成功',
  'REFUND.SUCCESS': '退款成功',
  'REFUND.ABNORMAL': '退款异常',
  'REFUND.CLOSED': '退款关闭',
};

export interface Notifier {
  /** Builds the encrypted notification and starts delivering it. */
  notify(input: {
    merchant: SimMerchant;
    eventType: PayEventType;
    outTradeNo: string;
    notifyUrl: string;
    resource: object;
  }): SimNotification;
  /** Delivers an already sent notification again (a new chain of attempts, same body). */
  redeliver(notification: SimNotification): void;
  /** The last notification of an order (payment or refund). */
  last(mchId: string, outTradeNo: string): SimNotification | undefined;
  /** The next `times` attempts are lost: never sent, retried along the schedule. */
  drop(times: number): void;
  /** Divides every retry delay (and the 5 s answer timeout, down to 1 s) by `factor`. */
  setSpeed(factor: number): void;
  speed(): number;
  deliveries(): readonly DeliveryRecord[];
  /** Number of deliveries with an attempt running or a retry scheduled. */
  pending(): number;
  close(): void;
}

export function createNotifier(input: {
  clock: SimClock;
  speed?: number;
  onRecord?: (record: DeliveryRecord) => void;
}): Notifier {
  const { clock } = input;
  let factor = input.speed ?? 1;
  let dropping = 0;
  let closed = false;
  let active = 0;
  const timers = new Set<NodeJS.Timeout>();
  const controllers = new Set<AbortController>();
  const records: DeliveryRecord[] = [];
  const lastByOrder = new Map<string, SimNotification>();
  const merchants = new Map<string, SimMerchant>();

  function record(entry: DeliveryRecord): void {
    records.push(entry);
    if (records.length > 500) records.splice(0, records.length - 500);
    input.onRecord?.(entry);
  }

  function later(fn: () => void, ms: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  async function send(notification: SimNotification): Promise<{ status?: number; error?: string }> {
    const merchant = merchants.get(notification.mchId);
    if (!merchant) return { error: 'unknown merchant' };
    const headers = signWechatPayMessage({
      serial: merchant.platformSerial,
      privateKey: merchant.platformPrivateKey,
      body: notification.body,
      timestamp: clock.seconds(),
    });
    const controller = new AbortController();
    controllers.add(controller);
    const timeout = setTimeout(() => controller.abort(), Math.max(NOTIFY_TIMEOUT_MS / factor, 1000));
    try {
      const response = await fetch(notification.notifyUrl, {
        method: 'POST',
        headers: {
          ...headers,
          'Content-Type': 'application/json',
          'User-Agent': 'Mozilla/4.0',
          'Request-ID': randomUUID(),
        },
        body: notification.body,
        signal: controller.signal,
      });
      await response.arrayBuffer();
      return { status: response.status };
    } catch (error) {
      return { error: controller.signal.aborted ? 'no answer in time' : String(error) };
    } finally {
      clearTimeout(timeout);
      controllers.delete(controller);
    }
  }

  function attempt(notification: SimNotification, index: number): void {
    if (closed) return;
    const base = {
      notificationId: notification.id,
      eventType: notification.eventType,
      outTradeNo: notification.outTradeNo,
      notifyUrl: notification.notifyUrl,
      attempt: index + 1,
    };
    const retry = () => {
      const delay = NOTIFY_RETRY_SCHEDULE_MS[index];
      if (delay === undefined) {
        record({ ...base, at: clock.now(), outcome: 'gave-up' });
        active -= 1;
        return;
      }
      later(() => attempt(notification, index + 1), delay / factor);
    };
    if (dropping > 0) {
      dropping -= 1;
      record({ ...base, at: clock.now(), outcome: 'dropped' });
      retry();
      return;
    }
    void send(notification).then((result) => {
      if (closed) return;
      const delivered = result.status !== undefined && result.status >= 200 && result.status < 300;
      record({
        ...base,
        at: clock.now(),
        outcome: delivered ? 'delivered' : 'failed',
        ...(result.status !== undefined ? { status: result.status } : {}),
        ...(result.error ? { error: result.error } : {}),
      });
      if (delivered) active -= 1;
      else retry();
    });
  }

  function start(notification: SimNotification): void {
    active += 1;
    attempt(notification, 0);
  }

  return {
    notify({ merchant, eventType, outTradeNo, notifyUrl, resource }) {
      merchants.set(merchant.mchId, merchant);
      const originalType = eventType.startsWith('REFUND') ? 'refund' : 'transaction';
      const encrypted = encryptResource({
        apiV3Key: merchant.apiV3Key,
        plaintext: JSON.stringify(resource),
        associatedData: originalType,
      });
      const id = randomUUID();
      const notification: SimNotification = {
        id,
        mchId: merchant.mchId,
        outTradeNo,
        eventType,
        notifyUrl,
        body: JSON.stringify({
          id,
          create_time: formatWechatPayTime(clock.now()),
          resource_type: 'encrypt-resource',
          event_type: eventType,
          summary: SUMMARY[eventType],
          resource: {
            original_type: originalType,
            algorithm: 'AEAD_AES_256_GCM',
            ciphertext: encrypted.ciphertext,
            associated_data: encrypted.associatedData,
            nonce: encrypted.nonce,
          },
        }),
      };
      lastByOrder.set(`${merchant.mchId}\0${outTradeNo}`, notification);
      start(notification);
      return notification;
    },
    redeliver(notification) {
      start(notification);
    },
    last: (mchId, outTradeNo) => lastByOrder.get(`${mchId}\0${outTradeNo}`),
    drop(times) {
      if (!Number.isInteger(times) || times < 0) throw new Error('times must be a non-negative integer');
      dropping += times;
    },
    setSpeed(value) {
      if (!Number.isFinite(value) || value <= 0) throw new Error('factor must be a positive number');
      factor = value;
    },
    speed: () => factor,
    deliveries: () => records,
    pending: () => active,
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const controller of controllers) controller.abort();
      controllers.clear();
    },
  };
}
