export {
  createPayModule,
  type JsapiCheckInput,
  type JsapiCheckResult,
  type PayModuleOptions,
  type PaySimulator,
  payModule,
  paySim,
  type TamperMode,
} from './module';
export {
  type DeliveryRecord,
  NOTIFY_RETRY_SCHEDULE_MS,
  NOTIFY_TIMEOUT_MS,
  type PayEventType,
  type SimNotification,
} from './notifier';
export {
  type NotifyReceiver,
  type ReceivedNotification,
  type ReceiverAnswer,
  startNotifyReceiver,
} from './receiver';
export { PaySimError, type SimPayOrder, type SimPayRefund, type SimTradeType } from './state';
