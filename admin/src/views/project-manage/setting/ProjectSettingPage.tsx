import type { ProjectSettings } from '@px/config';
import { Alert, Button, Card, Col, Flex, Form, message, Result, Row, Space } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getProjectSetting, saveProjectSetting } from '../../../api/project';
import { RecordPending } from '../../../components/RecordPending';
import { useRecord } from '../../../hooks/useRecord';
import { useRegionTree } from '../../../hooks/useRegionTree';
import { loadSystemInfoAtom, projectSettingsAtom } from '../../../store/project';
import { showServerFieldErrors } from '../../../utils/form-errors';
import { readPositiveId } from '../../../utils/query-id';
import { SettingFieldItem } from './components/SettingFieldItem';
import { changedSettings, SETTING_GROUPS } from './setting-fields';

const LIST_PATH = '/project-manage/list';
/** The country: the project area is a province or a city anywhere. */
const COUNTRY_CODE = '100000';

/**
 * 项目设置 (hidden page, `?projectId=`): every setting of spec section 3 in groups, each with its
 * meaning. Saves only the settings that changed; the server's refusals appear on their fields.
 */
export function ProjectSettingPage() {
  const [params] = useSearchParams();
  const projectId = readPositiveId(params.get('projectId'));
  const navigate = useNavigate();
  const [form] = Form.useForm<ProjectSettings>();
  const state = useRecord(projectId, getProjectSetting);
  const [saving, setSaving] = useState(false);
  const [unshown, setUnshown] = useState<string[]>([]);
  const region = useRegionTree(COUNTRY_CODE);
  const currentProject = useAtomValue(projectSettingsAtom);
  const reloadSystemInfo = useSetAtom(loadSystemInfoAtom);

  if (projectId === null) {
    return (
      <Result
        status="warning"
        title="未指定项目"
        subTitle="请从项目列表进入项目设置。"
        extra={
          <Button type="primary" onClick={() => navigate(LIST_PATH)}>
            返回项目列表
          </Button>
        }
      />
    );
  }
  if (state.status !== 'ready') {
    const back = <Button onClick={() => navigate(LIST_PATH)}>返回项目列表</Button>;
    return <RecordPending state={state} onRetry={state.reload} back={back} />;
  }

  const answer = state.record;

  const save = async () => {
    setUnshown([]);
    let values: ProjectSettings;
    try {
      values = { ...answer.settings, ...(await form.validateFields()) };
    } catch (error) {
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center' });
      void message.warning('请先改正标红的设置项');
      return;
    }
    const changes = changedSettings(answer.settings, values);
    if (Object.keys(changes).length === 0) {
      void message.info('没有修改任何设置');
      return;
    }
    setSaving(true);
    try {
      const saved = await saveProjectSetting(answer.projectId, changes);
      state.set(saved);
      form.setFieldsValue(saved.settings);
      void message.success('设置已保存');
      if (currentProject?.projectId === saved.projectId) void reloadSystemInfo({ force: true });
    } catch (error) {
      setUnshown(showServerFieldErrors(form, error, 'settings').map((entry) => entry.message));
    } finally {
      setSaving(false);
    }
  };

  const actions = (
    <Space>
      <Button onClick={() => navigate(LIST_PATH)}>返回列表</Button>
      <Button
        onClick={() => {
          form.resetFields();
          setUnshown([]);
        }}
      >
        撤销修改
      </Button>
      <Button type="primary" loading={saving} onClick={() => void save()}>
        保存设置
      </Button>
    </Space>
  );

  return (
    <Card title={`项目设置 · ${answer.projectName}`} extra={actions}>
      {unshown.length > 0 && (
        <Alert
          type="error"
          showIcon
          title="以下设置未能保存"
          description={unshown.join('；')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form
        key={answer.projectId}
        form={form}
        name="project-settings"
        layout="vertical"
        initialValues={answer.settings}
      >
        <Flex vertical gap={16}>
          {SETTING_GROUPS.map((group) => (
            <Card key={group.key} type="inner" title={group.title}>
              <Row gutter={24}>
                {group.fields.map((field) => (
                  <Col key={String(field.name)} xs={24} md={12} xl={8}>
                    <SettingFieldItem field={field} regionTree={region.tree} regionLoading={region.loading} />
                  </Col>
                ))}
              </Row>
            </Card>
          ))}
        </Flex>
      </Form>
      <Flex justify="flex-end" style={{ marginTop: 16 }}>
        {actions}
      </Flex>
    </Card>
  );
}
