import type { WxappItem } from '@px/api/contract';
import { Button, Card, Flex, Form, Input, message, Radio, Space, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { saveWxapp } from '../../../../api/wxapp';
import { FieldGrid, type GridField } from '../../../../components/FieldGrid';
import { CopyableText } from '../../../../components/ShownOnce';
import { UnsavedAlert } from '../../../../components/UnsavedAlert';
import { useFormSave } from '../../../../hooks/useFormSave';
import { validValuesOrWarn } from '../../../../utils/form-errors';
import { maxChars, required } from '../../../../utils/form-rules';
import { PUSH_MODE_LABEL } from '../../wxapp-meta';
import {
  AES_KEY_REQUIRED,
  buildWxappPayload,
  initialWxappValues,
  SECRET_SET_PLACEHOLDER,
  WXAPP_FIELD_RULES,
  type WxappFormValues,
} from '../wxapp-form';

export interface WxappBasicFormProps {
  /** The account to edit; null creates one. */
  wxapp: WxappItem | null;
  /** Called after a successful save with the saved account. */
  onSaved: (saved: WxappItem) => void;
  /** Leaves for the list. */
  onBack: () => void;
}

type RuleName = keyof typeof WXAPP_FIELD_RULES;

/** The format rule of a field, checked only when something is typed (empty text is another rule's concern). */
const formatRule = (name: RuleName): Rule => ({
  validator: async (_rule, value: string | undefined) => {
    const text = (value ?? '').trim();
    if (text && !WXAPP_FIELD_RULES[name].pattern.test(text)) throw new Error(WXAPP_FIELD_RULES[name].message);
  },
});

/** Single-line keys and ids never hold spaces at their ends. */
const trimInput = (value: string | undefined) => (value ?? '').trim();

/** An optional single-line key or id: trimmed, and checked against its format once something is typed. */
const keyField = (field: Omit<GridField, 'name'> & { name: RuleName }): GridField => ({
  normalize: trimInput,
  rules: [formatRule(field.name)],
  ...field,
});

const PUSH_MODE_OPTIONS = (['plain', 'safe'] as const).map((value) => ({
  value,
  label: PUSH_MODE_LABEL[value],
}));

/**
 * Sections 基本信息 and 微信支付 of 公众号设置: one form saved by `wxapp/save`. Secrets are never
 * shown; on update an empty secret keeps the stored one. The server's refusals land on their fields.
 */
export function WxappBasicForm({ wxapp, onSaved, onBack }: WxappBasicFormProps) {
  const [form] = Form.useForm<WxappFormValues>();
  const { saving, unshown, run, clearUnshown } = useFormSave(form);
  const pushMode = Form.useWatch('pushMode', form);
  const editing = wxapp !== null;
  const appSecretSet = wxapp?.appSecretSet ?? false;
  const aesKeySet = wxapp?.encodingAesKeySet ?? false;
  const aesKeyRequired = pushMode === 'safe' && !aesKeySet;
  /** A stored secret says so; otherwise the placeholder tells the format. */
  const secretPlaceholder = (set: boolean | undefined, format: string) =>
    editing && set ? SECRET_SET_PLACEHOLDER : format;
  /** A single-line secret, typed unseen and never filled in by the browser. */
  const secretInput = (maxLength: number, set: boolean | undefined, format: string) => (
    <Input.Password
      autoComplete="new-password"
      maxLength={maxLength}
      placeholder={secretPlaceholder(set, format)}
    />
  );
  /** A PEM key's whole text (an optional secret: checked against the format once pasted). */
  const pemField = (
    name: RuleName,
    label: string,
    extra: string,
    set: boolean | undefined,
    format: string,
  ) => ({
    name,
    label,
    extra,
    rules: [formatRule(name)],
    control: <Input.TextArea rows={5} spellCheck={false} placeholder={secretPlaceholder(set, format)} />,
  });

  const save = async () => {
    clearUnshown();
    const values = await validValuesOrWarn(form, true);
    if (!values) return;
    await run(async () => {
      const saved = await saveWxapp(buildWxappPayload(values, wxapp?.id));
      void message.success(editing ? '公众号已保存' : '公众号已创建，请继续设置服务项目');
      if (editing) form.setFieldsValue(initialWxappValues(saved));
      onSaved(saved);
    });
  };

  const basicFields: GridField[] = [
    {
      name: 'name',
      label: '公众号名称',
      rules: [required('请填写公众号名称'), maxChars('公众号名称', 60)],
      control: <Input maxLength={60} placeholder="例如 山东继续教育服务号" />,
    },
    {
      name: 'appId',
      label: 'AppID',
      extra: '公众号后台「设置与开发 › 基本配置」中的开发者ID(AppID)',
      normalize: trimInput,
      rules: [{ required: true, message: '请输入 AppID' }, formatRule('appId')],
      control: <Input maxLength={18} placeholder="wx 开头的18位字符" />,
    },
    {
      name: 'appSecret',
      label: 'AppSecret',
      normalize: trimInput,
      rules: [{ required: !(editing && appSecretSet), message: '请输入 AppSecret' }, formatRule('appSecret')],
      control: secretInput(32, appSecretSet, '32位字母或数字'),
    },
    {
      key: 'serverUrl',
      label: '服务器地址(URL)',
      extra: '填入公众号后台「设置与开发 › 基本配置 › 服务器配置」的服务器地址',
      control: wxapp ? (
        <CopyableText text={wxapp.serverUrl} />
      ) : (
        <Typography.Text type="secondary">保存后生成</Typography.Text>
      ),
    },
    {
      name: 'pushToken',
      label: '令牌(Token)',
      extra: '与公众号后台服务器配置中的令牌(Token)一致',
      normalize: trimInput,
      rules: [{ required: !wxapp?.pushTokenSet, message: '请填写令牌(Token)' }, formatRule('pushToken')],
      control: (
        <Input
          autoComplete="off"
          maxLength={32}
          placeholder={secretPlaceholder(wxapp?.pushTokenSet, '3-32位字母或数字')}
        />
      ),
    },
    {
      name: 'pushMode',
      label: '消息加解密方式',
      rules: [{ required: true, message: '请选择消息加解密方式' }],
      control: <Radio.Group options={PUSH_MODE_OPTIONS} />,
    },
    {
      name: 'encodingAesKey',
      label: '消息加解密密钥(EncodingAESKey)',
      extra: '安全模式下必填，与公众号后台一致',
      normalize: trimInput,
      dependencies: ['pushMode'],
      required: aesKeyRequired,
      rules: [
        ({ getFieldValue }) => ({
          validator: async (_rule, value: string | undefined) => {
            if (getFieldValue('pushMode') === 'safe' && !aesKeySet && !(value ?? '').trim()) {
              throw new Error(AES_KEY_REQUIRED);
            }
          },
        }),
        formatRule('encodingAesKey'),
      ],
      control: secretInput(43, aesKeySet, '43位字母或数字'),
    },
  ];

  const payFields: GridField[] = [
    keyField({ name: 'mchId', label: '商户号', control: <Input maxLength={12} placeholder="8-12位数字" /> }),
    keyField({
      name: 'mchSerialNo',
      label: '商户证书序列号',
      extra: '商户平台「账户中心 › API安全」中商户API证书的序列号',
      control: <Input maxLength={64} placeholder="十六进制字符" />,
    }),
    keyField({
      name: 'apiV3Key',
      label: 'APIv3密钥',
      control: secretInput(32, wxapp?.apiV3KeySet, '32位字母或数字'),
    }),
    keyField({
      name: 'platformSerialNo',
      label: '微信支付公钥ID',
      extra: '商户平台「API安全 › 微信支付公钥」中的公钥ID，如 PUB_KEY_ID_ 开头',
      control: <Input maxLength={64} placeholder="PUB_KEY_ID_..." />,
    }),
    pemField(
      'mchPrivateKey',
      '商户私钥',
      'apiclient_key.pem 的全部内容',
      wxapp?.mchPrivateKeySet,
      '-----BEGIN PRIVATE KEY-----',
    ),
    pemField(
      'platformPublicKey',
      '微信支付公钥',
      'pub_key.pem 的全部内容',
      wxapp?.platformPublicKeySet,
      '-----BEGIN PUBLIC KEY-----',
    ),
  ];

  const actions = (
    <Space>
      <Button onClick={onBack}>返回列表</Button>
      <Button type="primary" loading={saving} onClick={() => void save()}>
        {editing ? '保存设置' : '创建公众号'}
      </Button>
    </Space>
  );

  return (
    <Card title={wxapp ? `公众号设置 · ${wxapp.name}` : '新增公众号'} extra={actions}>
      <UnsavedAlert messages={unshown} />
      <Form form={form} name="wxapp-form" layout="vertical" initialValues={initialWxappValues(wxapp)}>
        <Flex vertical gap={16}>
          <Card type="inner" title="基本信息">
            <FieldGrid fields={basicFields} />
          </Card>
          <Card
            type="inner"
            title="微信支付"
            extra={wxapp ? wxapp.paymentReady ? <Tag color="success">已配置</Tag> : <Tag>未配置</Tag> : null}
          >
            <FieldGrid fields={payFields} />
          </Card>
        </Flex>
      </Form>
    </Card>
  );
}
