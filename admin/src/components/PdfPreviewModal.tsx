import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { saveBlobAs } from '../api/train-class';

/** A PDF shown in a dialog (the browser's viewer in a frame), with 下载. */
export function PdfPreviewModal({
  pdf,
  title,
  fileName,
  onClose,
}: {
  /** The PDF to show; null: closed. */
  pdf: Blob | null;
  title: string;
  fileName: string;
  onClose: () => void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf) return setUrl(null);
    const next = URL.createObjectURL(pdf);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [pdf]);
  return (
    <Modal
      title={title}
      open={pdf !== null}
      onCancel={onClose}
      width={960}
      footer={
        <Button type="primary" onClick={() => pdf && saveBlobAs(pdf, fileName)}>
          下载
        </Button>
      }
    >
      {url && <iframe title={title} src={url} style={{ width: '100%', height: '70vh', border: 0 }} />}
    </Modal>
  );
}
