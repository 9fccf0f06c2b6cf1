import { loadScript } from './load-script';

function lastScript(): HTMLScriptElement {
  const scripts = document.head.querySelectorAll('script');
  const script = scripts[scripts.length - 1];
  if (!script) throw new Error('no script was added');
  return script;
}

afterEach(() => {
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('loadScript', () => {
  it('adds the script once and resolves when it has loaded', async () => {
    const first = loadScript('http://127.0.0.1:9100/__sim/bridge.js');
    const second = loadScript('http://127.0.0.1:9100/__sim/bridge.js');
    expect(second).toBe(first);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
    expect(lastScript().src).toBe('http://127.0.0.1:9100/__sim/bridge.js');
    lastScript().dispatchEvent(new Event('load'));
    await expect(first).resolves.toBeUndefined();
  });

  it('rejects when the script fails, and tries again on the next call', async () => {
    const failing = loadScript('/missing.js');
    lastScript().dispatchEvent(new Event('error'));
    await expect(failing).rejects.toThrow('脚本加载失败：/missing.js');
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    const again = loadScript('/missing.js');
    expect(again).not.toBe(failing);
    lastScript().dispatchEvent(new Event('load'));
    await again;
  });
});
