import { saveBlobAs } from '@px/config/save-blob';
import { message } from 'antd';
import { useState } from 'react';

/** 导出 of a list screen: whether a download is under way, and the way to start one. */
export interface Exporter {
  exporting: boolean;
  run: () => Promise<void>;
}

/**
 * 导出 of a list: downloads the file (`download`, say the list's export call with its filters),
 * offers it to the browser as `fileName` (a name, or a function giving one at download time) and
 * says 导出完成. A failure has been shown by the request client; `run` resolves either way.
 */
export function useExport(download: () => Promise<Blob>, fileName: string | (() => string)): Exporter {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      saveBlobAs(await download(), typeof fileName === 'function' ? fileName() : fileName);
      void message.success('导出完成');
    } catch {
      // The request client has shown why.
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
