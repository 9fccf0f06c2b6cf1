import type { PartnerAppItem, PartnerAppSaveInput, ProjectItem } from '@px/api/contract';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { savePartnerApp } from '../../../../api/partner-app';
import { listProjects } from '../../../../api/project';
import { FormModal } from '../../../../components/FormModal';
import { maxChars, required } from '../../../../utils/form-rules';

interface PartnerAppFormValues {
  projectId?: number;
  name: string;
  allowedOrigins: string[];
  callbackUrl: string;
  ipAllowList: string[];
  enabled: boolean;
  rateLimitPerMinute: number;
}

/** Typed as tags: trimmed, blanks and repeats dropped. */
const tags = (values: readonly string[] | undefined) => [
  ...new Set((values ?? []).map((value) => value.trim()).filter(Boolean)),
];

const tagSelect = (placeholder: string) => (
  <Select
    mode="tags"
    open={false}
    suffixIcon={null}
    tokenSeparators={[',', '，', ' ']}
    placeholder={placeholder}
  />
);

export interface PartnerAppFormModalProps {
  open: boolean;
  /** The app to edit; undefined creates one. */
  app: PartnerAppItem | undefined;
  onCancel: () => void;
  /** After a save: the app, and its secret when it was created (shown once). */
  onSaved: (app: PartnerAppItem, secret: string | null) => void;
  afterClose?: () => void;
}

/** Creates or edits a partner app: project (new apps only), name, origins, callback, IP allow-list, enabled, rate limit. */
export function PartnerAppFormModal({ open, app, onCancel, onSaved, afterClose }: PartnerAppFormModalProps) {
  const [form] = Form.useForm<PartnerAppFormValues>();
  const [projects, setProjects] = useState<ProjectItem[] | null>(null);
  useEffect(() => {
    if (!open || app || projects) return;
    listProjects({ pageNum: 1, pageSize: 100 }, { quiet: true })
      .then((page) => setProjects(page.list))
      .catch(() => setProjects([]));
  }, [open, app, projects]);

  const save = async (values: PartnerAppFormValues) => {
    const payload: PartnerAppSaveInput = {
      ...(app ? { id: app.id } : { projectId: values.projectId }),
      name: values.name.trim(),
      allowedOrigins: tags(values.allowedOrigins),
      callbackUrl: values.callbackUrl?.trim() ?? '',
      ipAllowList: tags(values.ipAllowList),
      enabled: values.enabled,
      rateLimitPerMinute: values.rateLimitPerMinute,
    };
    const saved = await savePartnerApp(payload);
    onSaved(saved.app, saved.secret);
  };

  return (
    <FormModal
      open={open}
      title={app ? '编辑合作应用' : '新增合作应用'}
      okText="保存"
      name="partner-app-form"
      form={form}
      width={620}
      initialValues={{
        name: app?.name ?? '',
        allowedOrigins: app?.allowedOrigins ?? [],
        callbackUrl: app?.callbackUrl ?? '',
        ipAllowList: app?.ipAllowList ?? [],
        enabled: app?.enabled ?? true,
        rateLimitPerMinute: app?.rateLimitPerMinute ?? 600,
      }}
      intro="合作平台通过签名请求或访问令牌调用开放接口，并可在页面中嵌入本平台的学习页。新增后系统生成 App Key 和密钥，密钥只显示一次。"
      onSubmit={save}
      onClose={onCancel}
      afterClose={afterClose}
    >
      {!app && (
        <Form.Item name="projectId" label="所属项目" rules={[{ required: true, message: '请选择所属项目' }]}>
          <Select
            placeholder="请选择项目"
            loading={projects === null}
            showSearch={{ optionFilterProp: 'label' }}
            options={(projects ?? []).map((project) => ({ value: project.id, label: project.name }))}
          />
        </Form.Item>
      )}
      <Form.Item name="name" label="应用名称" rules={[required('请填写应用名称'), maxChars('应用名称', 50)]}>
        <Input maxLength={50} placeholder="例如 某行业协会学习平台" />
      </Form.Item>
      <Form.Item
        name="allowedOrigins"
        label="允许嵌入的来源"
        extra="可嵌入学习页、可从浏览器调用接口的来源，如 https://learn.example.com；输入后按回车添加"
      >
        {tagSelect('https://learn.example.com')}
      </Form.Item>
      <Form.Item
        name="callbackUrl"
        label="回调地址"
        extra="学习进度通知（课时完成、结业、发证）发送到这里；留空则不发送"
      >
        <Input maxLength={300} placeholder="https://learn.example.com/px/notify" />
      </Form.Item>
      <Form.Item name="ipAllowList" label="IP 白名单" extra="只允许这些地址或网段调用接口，留空则不限制">
        {tagSelect('203.0.113.8 或 10.0.0.0/8')}
      </Form.Item>
      <Form.Item
        name="rateLimitPerMinute"
        label="每分钟调用上限"
        rules={[{ required: true, message: '请填写每分钟调用上限' }]}
      >
        <InputNumber min={1} max={100000} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="enabled" label="启用" valuePropName="checked">
        <Switch checkedChildren="启用" unCheckedChildren="停用" />
      </Form.Item>
    </FormModal>
  );
}
