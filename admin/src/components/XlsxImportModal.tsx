import InboxOutlined from '@ant-design/icons/InboxOutlined';
import { Alert, Button, Modal, Table, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';

/** A refused cell of an import file: its row as Excel numbers it, the column, what it held and why. */
export interface ImportCellError<F extends string> {
  row: number;
  field: F;
  value: string;
  message: string;
}

/** What an all-or-nothing import answers: rows read, rows imported and every refused cell. */
export interface ImportAnswer<F extends string> {
  total: number;
  imported: number;
  errors: ImportCellError<F>[];
}

export interface XlsxImportModalProps<F extends string> {
  open: boolean;
  /** Dialog title: 导入学员. */
  title: string;
  /** How to fill the template, shown above the file. */
  intro: string;
  /** What is imported, for the summary of errors: 学员, 试题. */
  noun: string;
  /** The header of each column, by the field the server names. */
  headerOf: (field: F) => string;
  /** Sends the file; resolves with the server's answer. Rejects with an ApiError (shown by the request client). */
  importFile: (file: File) => Promise<ImportAnswer<F>>;
  onClose: () => void;
  onImported: (count: number) => void;
  /** Offers the refused file back with each refused cell marked (下载错误文件), when the import keeps one. */
  downloadErrors?: () => Promise<void>;
}

/**
 * An `.xlsx` import dialog: choose a file of the template and import it. The server checks every
 * row first; a file with errors imports nothing and the dialog lists each refused cell (row,
 * column, content, problem) so the file can be corrected and chosen again. A clean file closes it.
 */
export function XlsxImportModal<F extends string>({
  open,
  title,
  intro,
  noun,
  headerOf,
  importFile,
  onClose,
  onImported,
  downloadErrors,
}: XlsxImportModalProps<F>) {
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<ImportAnswer<F> | null>(null);
  const [sending, setSending] = useState(false);

  const errorColumns: ColumnsType<ImportCellError<F>> = [
    { title: '行号', dataIndex: 'row', width: 70 },
    { title: '列', dataIndex: 'field', width: 90, render: (field: F) => headerOf(field) },
    { title: '填写内容', dataIndex: 'value', width: 190, render: (value: string) => value || '（空）' },
    { title: '问题', dataIndex: 'message', width: 260 },
  ];

  const submit = async () => {
    if (!file) return;
    setSending(true);
    try {
      const result = await importFile(file);
      if (result.errors.length === 0) onImported(result.imported);
      else setAnswer(result);
    } catch {
      // The request client has shown why (an unreadable file, a missing column).
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText="开始导入"
      cancelText="取消"
      width={720}
      confirmLoading={sending}
      okButtonProps={{ disabled: !file }}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => {
        setFile(null);
        setAnswer(null);
      }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={intro} />
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        beforeUpload={(chosen) => {
          setFile(chosen);
          setAnswer(null);
          return false;
        }}
        onRemove={() => {
          setFile(null);
          setAnswer(null);
        }}
        fileList={
          file ? [{ uid: 'import', name: file.name, status: answer?.errors.length ? 'error' : 'done' }] : []
        }
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或拖入 .xlsx 文件</p>
      </Upload.Dragger>
      {answer && answer.errors.length > 0 && (
        <div style={{ marginTop: 16 }}>
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={`共 ${answer.total} 行，发现 ${answer.errors.length} 处问题，未导入任何${noun}。请改正后重新选择文件导入。`}
          />
          <Table<ImportCellError<F>>
            rowKey={(error) => `${error.row}-${error.field}`}
            size="small"
            columns={errorColumns}
            dataSource={answer.errors}
            pagination={answer.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
          />
          <Typography.Text type="secondary">行号为 Excel 中的行号（表头为第 1 行）。</Typography.Text>
          {downloadErrors && (
            <Button type="link" onClick={() => void downloadErrors().catch(() => undefined)}>
              下载错误文件
            </Button>
          )}
        </div>
      )}
    </Modal>
  );
}
