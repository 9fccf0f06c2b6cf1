import InboxOutlined from '@ant-design/icons/InboxOutlined';
import {
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_MAX_ROWS,
  type StudentImportAnswer,
  type StudentImportError,
} from '@px/api/contract';
import { Alert, Modal, Table, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { importStudents } from '../../../../api/student';

const HEADER_OF = new Map(STUDENT_IMPORT_COLUMNS.map((column) => [column.key, column.header]));

const errorColumns: ColumnsType<StudentImportError> = [
  { title: '行号', dataIndex: 'row', width: 70 },
  {
    title: '列',
    dataIndex: 'field',
    width: 90,
    render: (field: StudentImportError['field']) => HEADER_OF.get(field),
  },
  { title: '填写内容', dataIndex: 'value', width: 190, render: (value: string) => value || '（空）' },
  { title: '问题', dataIndex: 'message', width: 260 },
];

/**
 * 导入学员: choose an `.xlsx` of the template and import it. The server checks every row first; a
 * file with errors imports nothing and the dialog lists each refused cell (row, column, content,
 * problem) so the file can be corrected and chosen again. A clean file closes the dialog.
 */
export function StudentImportModal({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: (count: number) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<StudentImportAnswer | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async () => {
    if (!file) return;
    setSending(true);
    try {
      const result = await importStudents(file);
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
      title="导入学员"
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
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={`请按模板填写：姓名、身份证号、手机号必填，邮箱、所属单位选填；一次最多 ${STUDENT_IMPORT_MAX_ROWS} 名。所有行检查无误后才会导入，任何一行有误都不会导入。导入的学员没有密码，可用短信验证码或微信登录。`}
      />
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
            title={`共 ${answer.total} 行，发现 ${answer.errors.length} 处问题，未导入任何学员。请改正后重新选择文件导入。`}
          />
          <Table<StudentImportError>
            rowKey={(error) => `${error.row}-${error.field}`}
            size="small"
            columns={errorColumns}
            dataSource={answer.errors}
            pagination={answer.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
          />
          <Typography.Text type="secondary">行号为 Excel 中的行号（表头为第 1 行）。</Typography.Text>
        </div>
      )}
    </Modal>
  );
}
