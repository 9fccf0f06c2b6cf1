const loaded = new Map<string, Promise<void>>();

/**
 * Loads a classic script once by its URL (absolute or site-relative) and resolves when it has run.
 * Rejects when the script cannot be loaded; a later call then tries again.
 */
export function loadScript(src: string): Promise<void> {
  const known = loaded.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`脚本加载失败：${src}`));
    };
    document.head.appendChild(script);
  });
  loading.catch(() => loaded.delete(src));
  loaded.set(src, loading);
  return loading;
}
