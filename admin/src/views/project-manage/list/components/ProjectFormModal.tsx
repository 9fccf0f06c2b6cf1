import type { ProjectItem, ProjectSaveInput } from '@px/api/contract';
import { Form, Input, message, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { saveProject } from '../../../../api/project';
import { FormModal } from '../../../../components/FormModal';
import { maxChars, required } from '../../../../utils/form-rules';

/** The project code rule of `project/save` (contract/project.ts). */
const CODE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;
export const CODE_MESSAGE = '项目编码须为 1-32 位小写字母、数字或连字符，且不以连字符开头或结尾';
/** A host name without port (`px.example.com`, `localhost`, `127.0.0.1`), as `project/save` accepts it. */
const DOMAIN_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

interface ProjectFormValues {
  code: string;
  name: string;
  domains: string[];
  isDefault: boolean;
}

const domainRule: Rule = {
  validator: async (_rule, value: string[] | undefined) => {
    const bad = (value ?? []).filter((domain) => !DOMAIN_PATTERN.test(domain.trim().toLowerCase()));
    if (bad.length) throw new Error(`域名格式不正确：${bad.join('、')}`);
  },
};

/** The host names typed as tags: trimmed, lower-cased, blanks and repeats dropped. */
export function normaliseDomains(domains: readonly string[] | undefined): string[] {
  return [...new Set((domains ?? []).map((domain) => domain.trim().toLowerCase()).filter(Boolean))];
}

export interface ProjectFormModalProps {
  open: boolean;
  /** The project to edit; undefined creates one. */
  project: ProjectItem | undefined;
  onCancel: () => void;
  /** Called after a successful save with the saved project. */
  onSaved: (project: ProjectItem) => void;
  /** Called when the closing animation ends (the parent unmounts the modal then). */
  afterClose?: () => void;
}

/** Creates or edits a project: code, name, host names (as tags) and the default flag. */
export function ProjectFormModal({ open, project, onCancel, onSaved, afterClose }: ProjectFormModalProps) {
  const [form] = Form.useForm<ProjectFormValues>();

  const save = async (values: ProjectFormValues) => {
    const payload: ProjectSaveInput = {
      ...(project ? { id: project.id } : {}),
      code: values.code.trim(),
      name: values.name.trim(),
      domains: normaliseDomains(values.domains),
      isDefault: values.isDefault,
    };
    const saved = await saveProject(payload);
    void message.success(project ? '项目已保存' : '项目已创建');
    onSaved(saved);
  };

  return (
    <FormModal
      open={open}
      title={project ? '编辑项目' : '新增项目'}
      okText="保存"
      name="project-form"
      form={form}
      initialValues={{
        code: project?.code ?? '',
        name: project?.name ?? '',
        domains: project?.domains ?? [],
        isDefault: project?.isDefault ?? false,
      }}
      onSubmit={save}
      onClose={onCancel}
      afterClose={afterClose}
    >
      <Form.Item
        name="code"
        label="项目编码"
        extra="项目的唯一标识，小写字母、数字或连字符，例如 shandong-2024"
        normalize={(value: string) => value.trim().toLowerCase()}
        rules={[required('请填写项目编码'), { pattern: CODE_PATTERN, message: CODE_MESSAGE }]}
      >
        <Input maxLength={32} placeholder="例如 shandong" />
      </Form.Item>
      <Form.Item name="name" label="项目名称" rules={[required('请填写项目名称'), maxChars('项目名称', 60)]}>
        <Input maxLength={60} placeholder="例如 山东省专业技术人员继续教育" />
      </Form.Item>
      <Form.Item
        name="domains"
        label="绑定域名"
        extra="学员和后台通过这些域名访问时进入本项目；输入后按回车添加，不含 http:// 与端口"
        rules={[domainRule]}
      >
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', '，', ' ']}
          placeholder="例如 px.example.com"
        />
      </Form.Item>
      <Form.Item
        name="isDefault"
        label="默认项目"
        valuePropName="checked"
        extra="访问域名未绑定任何项目时进入默认项目；只能有一个默认项目"
      >
        <Switch checkedChildren="是" unCheckedChildren="否" />
      </Form.Item>
    </FormModal>
  );
}
