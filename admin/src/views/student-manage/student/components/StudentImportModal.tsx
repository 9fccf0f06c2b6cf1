import { STUDENT_IMPORT_COLUMNS, STUDENT_IMPORT_MAX_ROWS, type StudentImportError } from '@px/api/contract';
import { importStudents } from '../../../../api/student';
import { XlsxImportModal } from '../../../../components/XlsxImportModal';

const HEADER_OF = new Map(STUDENT_IMPORT_COLUMNS.map((column) => [column.key, column.header]));

/**
 * 导入学员: an `.xlsx` of the template, all or nothing, each refused cell listed (the shared
 * `XlsxImportModal`).
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
  return (
    <XlsxImportModal<StudentImportError['field']>
      open={open}
      title="导入学员"
      noun="学员"
      intro={`请按模板填写：姓名、身份证号、手机号必填，邮箱、所属单位选填；一次最多 ${STUDENT_IMPORT_MAX_ROWS} 名。所有行检查无误后才会导入，任何一行有误都不会导入。导入的学员没有密码，可用短信验证码或微信登录。`}
      headerOf={(field) => HEADER_OF.get(field) ?? field}
      importFile={importStudents}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
