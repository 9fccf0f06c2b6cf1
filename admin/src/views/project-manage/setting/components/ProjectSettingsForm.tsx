import type { ProjectSettingsAnswer } from '@px/api/contract';
import type { ProjectSettings } from '@px/config';
import { Button, Card, Col, Flex, Form, message, Row, Space, Tag } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import type { ReactNode } from 'react';
import { UnsavedAlert } from '../../../../components/UnsavedAlert';
import { useFormSave } from '../../../../hooks/useFormSave';
import { useRegionTree } from '../../../../hooks/useRegionTree';
import { loadSystemInfoAtom, projectSettingsAtom } from '../../../../store/project';
import { changedSettings, SETTING_GROUPS, type SettingField, settingKeyOf } from '../setting-fields';
import { SettingFieldItem } from './SettingFieldItem';

/** The country: the project area is a province or a city anywhere. */
const COUNTRY_CODE = '100000';

export interface ProjectSettingsFormProps {
  /** The settings as loaded (or as the last save answered). */
  answer: ProjectSettingsAnswer;
  /** Card title. */
  title: ReactNode;
  /** Saves the changed settings; resolves to every setting after the save. Rejects with an ApiError. */
  save: (changes: Partial<ProjectSettings>) => Promise<ProjectSettingsAnswer>;
  /** Shows what a save answered. */
  onSaved: (saved: ProjectSettingsAnswer) => void;
  /** Settings shown read-only with `lockedNote` (someone else changes them); none when absent. */
  locked?: (key: keyof ProjectSettings) => boolean;
  lockedNote?: string;
  /** Buttons before 撤销修改 and 保存设置 (e.g. 返回列表). */
  extraActions?: ReactNode;
  /** Shown above the groups. */
  notice?: ReactNode;
}

/**
 * Every setting of spec section 3 in groups, each with its meaning; locked settings are shown
 * read-only. Saves only the settings that changed; the server's refusals appear on their fields, the
 * rest in a list above. Saving the project the back office runs in reloads its system info.
 */
export function ProjectSettingsForm({
  answer,
  title,
  save,
  onSaved,
  locked,
  lockedNote,
  extraActions,
  notice,
}: ProjectSettingsFormProps) {
  const [form] = Form.useForm<ProjectSettings>();
  const { saving, unshown, run, clearUnshown } = useFormSave(form, { prefix: 'settings' });
  const region = useRegionTree(COUNTRY_CODE);
  const currentProject = useAtomValue(projectSettingsAtom);
  const reloadSystemInfo = useSetAtom(loadSystemInfoAtom);
  const isLocked = (field: SettingField) => locked?.(settingKeyOf(field)) === true;

  const submit = async () => {
    clearUnshown();
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
    for (const key of Object.keys(changes) as (keyof ProjectSettings)[])
      if (locked?.(key)) delete changes[key];
    if (Object.keys(changes).length === 0) {
      void message.info('没有修改任何设置');
      return;
    }
    await run(async () => {
      const saved = await save(changes);
      onSaved(saved);
      form.setFieldsValue(saved.settings);
      void message.success('设置已保存');
      if (currentProject?.projectId === saved.projectId) void reloadSystemInfo({ force: true });
    });
  };

  const actions = (
    <Space>
      {extraActions}
      <Button
        onClick={() => {
          form.resetFields();
          clearUnshown();
        }}
      >
        撤销修改
      </Button>
      <Button type="primary" loading={saving} onClick={() => void submit()}>
        保存设置
      </Button>
    </Space>
  );

  return (
    <Card title={title} extra={actions}>
      {notice}
      <UnsavedAlert title="以下设置未能保存" messages={unshown} />
      <Form
        key={answer.projectId}
        form={form}
        name="project-settings"
        layout="vertical"
        initialValues={answer.settings}
      >
        <Flex vertical gap={16}>
          {SETTING_GROUPS.map((group) => {
            const lockedCount = group.fields.filter(isLocked).length;
            const allLocked = lockedCount === group.fields.length;
            return (
              <Card
                key={group.key}
                type="inner"
                title={group.title}
                extra={allLocked && lockedNote ? <Tag>{lockedNote}</Tag> : undefined}
              >
                <Row gutter={24}>
                  {group.fields.map((field) => (
                    <Col key={String(field.name)} xs={24} md={12} xl={8}>
                      <SettingFieldItem
                        field={field}
                        regionTree={region.tree}
                        regionLoading={region.loading}
                        lockedNote={isLocked(field) ? (lockedNote ?? '') : undefined}
                      />
                    </Col>
                  ))}
                </Row>
              </Card>
            );
          })}
        </Flex>
      </Form>
      <Flex justify="flex-end" style={{ marginTop: 16 }}>
        {actions}
      </Flex>
    </Card>
  );
}
