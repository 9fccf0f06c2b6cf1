import { WECHAT_ENDPOINTS } from '@px/wechat';
import { loadEnv } from '../../env';
import { createProviders } from '../../providers';
import { createWechatGateway, publicOrigin, qrImageUrl } from './wechat.gateway';

describe('the WeChat gateway', () => {
  test('without a configured public URL links for a request use the host it came on, the listening server otherwise', () => {
    const gateway = createWechatGateway({ endpoints: WECHAT_ENDPOINTS, publicUrl: null, bridgeScript: null });
    expect(gateway.publicUrl).toBe('');
    expect(gateway.configuredUrl).toBeNull();
    expect(publicOrigin(gateway, { host: 'h5.example.com' })).toBe('http://h5.example.com');
    gateway.listeningAt('http://localhost:8080/');
    expect(gateway.publicUrl).toBe('http://localhost:8080');
    // A visitor on 127.0.0.1 is sent back to 127.0.0.1, not to localhost (another origin, state gone).
    expect(publicOrigin(gateway, { host: '127.0.0.1', origin: 'http://127.0.0.1:8080' })).toBe(
      'http://127.0.0.1:8080',
    );
    expect(publicOrigin(gateway, { host: 'localhost', origin: 'http://localhost:8080' })).toBe(
      'http://localhost:8080',
    );
    expect(publicOrigin(gateway, { host: '' })).toBe('http://localhost:8080');
  });

  test('a configured public URL stays when the server listens', () => {
    const gateway = createWechatGateway({
      endpoints: WECHAT_ENDPOINTS,
      publicUrl: 'https://px.example.com/',
      bridgeScript: null,
    });
    gateway.listeningAt('http://localhost:8080');
    expect(gateway.publicUrl).toBe('https://px.example.com');
    expect(publicOrigin(gateway, { host: '127.0.0.1', origin: 'http://127.0.0.1:8080' })).toBe(
      'https://px.example.com',
    );
  });

  test('QR images come from the gateway’s MP host', () => {
    const gateway = createWechatGateway({
      endpoints: { ...WECHAT_ENDPOINTS, mp: 'http://127.0.0.1:9000' },
      publicUrl: null,
      bridgeScript: null,
    });
    expect(qrImageUrl(gateway, 'a b')).toBe('http://127.0.0.1:9000/cgi-bin/showqrcode?ticket=a%20b');
  });
});

describe('the providers', () => {
  test('WeChat itself and the configured public URL by default; the simulator when the server runs one', () => {
    const env = loadEnv({ PUBLIC_URL: 'https://px.example.com', WECHAT_MODE: 'live' });
    const live = createProviders(env);
    expect(live.wechat).toMatchObject({
      endpoints: WECHAT_ENDPOINTS,
      publicUrl: 'https://px.example.com',
      bridgeScript: null,
    });
    expect(live.sms.name).toBe('outbox');
    const simulated = createProviders(loadEnv({}), {
      wechatSimulator: {
        endpoints: {
          api: 'http://sim/api',
          open: 'http://sim/open',
          mp: 'http://sim/mp',
          pay: 'http://sim/pay',
        },
        bridgeScript: 'http://sim/bridge.js',
      },
    });
    expect(simulated.wechat).toMatchObject({
      endpoints: { api: 'http://sim/api', mp: 'http://sim/mp' },
      publicUrl: '',
      bridgeScript: 'http://sim/bridge.js',
    });
  });
});
