import type { RegulatorPushConfigAnswer } from '@px/api/contract';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  message,
  Radio,
  Row,
  Switch,
  Typography,
} from 'antd';
import type { FormInstance } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { getRegulatorPushConfig, saveRegulatorPushConfig } from '../../../../api/regulator';
import { showServerFieldErrors, validValuesOrWarn } from '../../../../utils/form-errors';

export interface RegulatorPushFormValues {
  enabled: boolean;
  endpoint: string;
  appId: string;
  appSecret: string;
  baseTypes: ('public' | 'specialized')[];
  pushMode: 'AUTO' | 'MANUAL';
}

export const SECRET_SET_PLACEHOLDER = '已设置，留空则不修改';

const BASE_TYPE_OPTIONS = [
  { value: 'public', label: '公需科目' },
  { value: 'specialized', label: '专业科目' },
];
const PUSH_MODE_OPTIONS = [
  { value: 'AUTO', label: '考试合格（无考试的班级学完）后自动上报' },
  { value: 'MANUAL', label: '仅手动上报' },
];

const valuesOf = (config: RegulatorPushConfigAnswer): RegulatorPushFormValues => ({
  enabled: config.enabled,
  endpoint: config.endpoint ?? '',
  appId: config.appId,
  appSecret: '',
  baseTypes: config.baseTypes,
  pushMode: config.pushMode,
});

const trimInput = (value: string | undefined) => (value ?? '').trim();

/** A field reporting needs: checked when 启用学时上报 is on at the time of saving. */
const neededWhenOn =
  (message: string, filled: (value: unknown) => boolean = (value) => Boolean(value)) =>
  ({ getFieldValue }: Pick<FormInstance, 'getFieldValue'>) => ({
    validator: async (_rule: unknown, value: unknown) => {
      if (getFieldValue('enabled') && !filled(value)) throw new Error(message);
    },
  });

/**
 * 学时上报 of a project's settings (platform staff): whether and where the project reports its
 * students' study to the regulator (docs/regulator.md), with the app id and secret the regulator
 * handed out. The secret is never shown; an empty one keeps the stored secret.
 */
export function RegulatorPushCard({ projectId }: { projectId: number }) {
  const [form] = Form.useForm<RegulatorPushFormValues>();
  const [config, setConfig] = useState<RegulatorPushConfigAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    getRegulatorPushConfig(projectId).then(
      (loaded) => {
        if (!live) return;
        setConfig(loaded);
        form.setFieldsValue(valuesOf(loaded));
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [projectId, form]);

  const save = async () => {
    const values = await validValuesOrWarn(form);
    if (!values) return;
    setSaving(true);
    try {
      const saved = await saveRegulatorPushConfig({
        id: projectId,
        enabled: values.enabled,
        endpoint: values.endpoint,
        appId: values.appId,
        appSecret: values.appSecret,
        baseTypes: values.baseTypes,
        pushMode: values.pushMode,
      });
      setConfig(saved);
      form.setFieldsValue(valuesOf(saved));
      void message.success('学时上报配置已保存');
    } catch (error) {
      showServerFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  if (failed) return <Alert type="error" showIcon title="学时上报配置加载失败，请刷新重试" />;
  return (
    <Card
      title="学时上报"
      loading={config === null}
      extra={
        <Button type="primary" loading={saving} onClick={() => void save()}>
          保存上报配置
        </Button>
      }
    >
      {config && (
        <Typography.Paragraph type="secondary">
          {config.mode === 'simulator'
            ? `当前为模拟模式：学时记录上报到本机的监管平台模拟器${config.effectiveEndpoint ? `（${config.effectiveEndpoint}）` : ''}，上报地址不生效。`
            : `学时记录上报到：${config.effectiveEndpoint ?? '未配置（请填写上报地址）'}`}
        </Typography.Paragraph>
      )}
      <Form form={form} name="regulator-push-form" layout="vertical">
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item name="enabled" label="启用学时上报" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="pushMode"
              label="上报方式"
              rules={[{ required: true, message: '请选择上报方式' }]}
            >
              <Radio.Group options={PUSH_MODE_OPTIONS} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="endpoint"
              label="上报地址"
              extra="监管平台提供的接口地址；留空则使用系统默认地址"
              normalize={trimInput}
              rules={[{ pattern: /^(https?:\/\/\S+)?$/, message: '请填写 http(s):// 开头的地址' }]}
            >
              <Input maxLength={300} placeholder="https://" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="baseTypes"
              label="上报的基础类型"
              dependencies={['enabled']}
              rules={[
                neededWhenOn(
                  '开启上报须至少选择一种基础类型',
                  (value) => Array.isArray(value) && value.length > 0,
                ),
              ]}
            >
              <Checkbox.Group options={BASE_TYPE_OPTIONS} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="appId"
              label="应用 ID"
              extra="监管平台为本机构分配的应用 ID"
              normalize={trimInput}
              dependencies={['enabled']}
              rules={[
                neededWhenOn('开启上报须填写应用 ID'),
                { pattern: /^[A-Za-z0-9_-]*$/, message: '只能包含字母、数字、下划线和短横线' },
              ]}
            >
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="appSecret"
              label="应用密钥"
              extra="保存后不再显示"
              normalize={trimInput}
              dependencies={['enabled']}
              rules={[
                neededWhenOn(
                  '开启上报须填写应用密钥',
                  (value) => Boolean(value) || Boolean(config?.secretSet),
                ),
                { min: 16, message: '密钥至少 16 个字符' },
              ]}
            >
              <Input.Password
                maxLength={128}
                autoComplete="new-password"
                placeholder={config?.secretSet ? SECRET_SET_PLACEHOLDER : '至少 16 个字符'}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
