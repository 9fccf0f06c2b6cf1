/**
 * The base URLs of WeChat's servers. Production uses `WECHAT_ENDPOINTS`; dev, demo and tests point
 * every one of them at the simulator.
 */
export interface WechatEndpoints {
  /** Official-account server API (`https://api.weixin.qq.com`). */
  api: string;
  /** Web OAuth authorize page (`https://open.weixin.qq.com`). */
  open: string;
  /** QR code images (`https://mp.weixin.qq.com`). */
  mp: string;
  /** WeChat Pay API v3 (`https://api.mch.weixin.qq.com`). */
  pay: string;
}

export const WECHAT_ENDPOINTS: WechatEndpoints = {
  api: 'https://api.weixin.qq.com',
  open: 'https://open.weixin.qq.com',
  mp: 'https://mp.weixin.qq.com',
  pay: 'https://api.mch.weixin.qq.com',
};
