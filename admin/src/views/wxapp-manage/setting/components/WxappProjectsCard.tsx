import type { WxappItem } from '@px/api/contract';
import { Button, Card, Form, message, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { listProjects } from '../../../../api/project';
import { configWxappProjects } from '../../../../api/wxapp';
import { useFormSave } from '../../../../hooks/useFormSave';

/** The most projects `project/list` answers in one page: the choices of the select. */
const PROJECT_PAGE_SIZE = 100;

interface ProjectChoice {
  value: number;
  label: string;
}

export interface WxappProjectsCardProps {
  wxapp: WxappItem;
  /** Called with the account after its projects were saved. */
  onSaved: (saved: WxappItem) => void;
}

/**
 * Section 服务项目 of 公众号设置: the projects the official account serves, saved at once by
 * `wxapp/config-project-list` (a project served by another account is refused on the field).
 */
export function WxappProjectsCard({ wxapp, onSaved }: WxappProjectsCardProps) {
  const [form] = Form.useForm<{ projectIds: number[] }>();
  const { saving, run } = useFormSave(form);
  const [choices, setChoices] = useState<ProjectChoice[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    listProjects({ pageNum: 1, pageSize: PROJECT_PAGE_SIZE }).then(
      (page) => {
        if (!live) return;
        setChoices(
          page.list.map((project) => ({
            value: project.id,
            label: project.status === 'DISABLED' ? `${project.name}（已停用）` : project.name,
          })),
        );
        setMore(page.total > page.list.length);
        setLoading(false);
      },
      () => {
        if (live) setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  // The projects served now stay choosable even when the first page of projects misses them.
  const options = useMemo(() => {
    const known = new Set(choices.map((choice) => choice.value));
    const served = wxapp.projects
      .filter((project) => !known.has(project.id))
      .map((project) => ({ value: project.id, label: project.name }));
    return [...choices, ...served];
  }, [choices, wxapp.projects]);

  const save = async () => {
    const projectIds = form.getFieldValue('projectIds') as number[] | undefined;
    await run(async () => {
      const saved = await configWxappProjects(wxapp.id, projectIds ?? []);
      form.setFieldsValue({ projectIds: saved.projects.map((project) => project.id) });
      void message.success('服务项目已保存');
      onSaved(saved);
    });
  };

  return (
    <Card
      title="服务项目"
      extra={
        <Button type="primary" loading={saving} disabled={loading} onClick={() => void save()}>
          保存服务项目
        </Button>
      }
    >
      <Form
        form={form}
        name="wxapp-projects"
        layout="vertical"
        initialValues={{ projectIds: wxapp.projects.map((project) => project.id) }}
      >
        <Form.Item
          name="projectIds"
          label="服务的项目"
          extra={`这些项目的学员通过本公众号授权登录、扫码注册与支付；一个项目只能由一个公众号服务${
            more ? `（仅列出前 ${PROJECT_PAGE_SIZE} 个项目）` : ''
          }`}
        >
          <Select
            mode="multiple"
            allowClear
            loading={loading}
            options={options}
            optionFilterProp="label"
            placeholder="选择项目"
          />
        </Form.Item>
      </Form>
    </Card>
  );
}
