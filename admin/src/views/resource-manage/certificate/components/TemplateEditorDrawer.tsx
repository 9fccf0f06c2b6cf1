import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  CERTIFICATE_BACKGROUND_LIMIT_BYTES,
  CERTIFICATE_FIELD_LABELS,
  CERTIFICATE_PAGE_SIZE,
  type CertificateField,
  type CertificateFieldKey,
  type CertificateTemplateSaveInput,
  certificateTemplateSaveInput,
} from '@px/api/contract';
import {
  Alert,
  Button,
  Empty,
  Flex,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  message,
  Select,
  Space,
  Tag,
  Upload,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import {
  getCertificateTemplate,
  saveCertificateTemplate,
  uploadCertificateBackground,
} from '../../../../api/certificate';
import { fieldErrorsOf } from '../../../../api/request';
import { EditorDrawer } from '../../../../components/EditorDrawer';
import { useEditorRecord } from '../../../../hooks/useEditorRecord';
import { required } from '../../../../utils/form-rules';
import { useBackgroundImage } from '../hooks/useBackgroundImage';
import {
  CUSTOM_PAGE,
  type FieldIssue,
  fieldIssueOf,
  fieldLabel,
  newField,
  PAGE_SIZE_OPTIONS,
  type PageSize,
  pagePresetOf,
  presetSize,
  unusedKeys,
} from '../template-layout';
import { FieldPanel } from './FieldPanel';
import { TemplateCanvas } from './TemplateCanvas';

interface EditorValues {
  name: string;
  width: number;
  height: number;
}

/** An error naming a field of the payload, from the server or from the contract's checks. */
interface NamedError {
  field: string;
  message: string;
}

const FORM_FIELDS = ['name', 'width', 'height'] as const;
const A4_LANDSCAPE: PageSize = { width: 1123, height: 794 };
const BACKGROUND_LIMIT_MB = CERTIFICATE_BACKGROUND_LIMIT_BYTES / 1024 / 1024;

const isPageSide = (side: unknown): side is number =>
  typeof side === 'number' &&
  Number.isInteger(side) &&
  side >= CERTIFICATE_PAGE_SIZE.min &&
  side <= CERTIFICATE_PAGE_SIZE.max;

/** The page the canvas draws: the form's size while it is valid, else the last valid one. */
function usePage(form: FormInstance<EditorValues>): PageSize {
  const width = Form.useWatch('width', form);
  const height = Form.useWatch('height', form);
  const [page, setPage] = useState<PageSize>(A4_LANDSCAPE);
  useEffect(() => {
    if (isPageSide(width) && isPageSide(height)) setPage({ width, height });
  }, [width, height]);
  return page;
}

/** What the editor drawer needs: which template (none: a new one), and what to do after. */
export interface TemplateEditorDrawerProps {
  templateId?: number;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The template editor: name, page size (A4 横向/纵向 or custom), background upload with preview, the
 * canvas at scale with the fields as labels of sample data (drag to move, click to select), the
 * selected field's properties, adding and removing fields, 预览, and 保存 (checked with the
 * contract first; refused fields are marked on the form, the canvas and the panel).
 */
export function TemplateEditorDrawer({ templateId, onClose, onSaved }: TemplateEditorDrawerProps) {
  const [form] = Form.useForm<EditorValues>();
  const [fields, setFields] = useState<CertificateField[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [background, setBackground] = useState<string | null>(null);
  const [backgroundError, setBackgroundError] = useState<string>();
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [preview, setPreview] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const page = usePage(form);
  const backgroundUrl = useBackgroundImage(background);
  // A new template starts as the form's initial values: a blank A4 landscape page.
  const { loading, failure } = useEditorRecord({
    id: templateId,
    fetch: getCertificateTemplate,
    show: (template) => {
      if (!template) return;
      form.setFieldsValue({ name: template.name, width: template.width, height: template.height });
      setFields(template.fields);
      setBackground(template.backgroundImage);
    },
    failure: '证书模板加载失败，请关闭后重试',
  });
  const refused = useMemo(() => new Set(issues.map((issue) => issue.index)), [issues]);
  const selectedField = selected === null ? undefined : fields[selected];
  const selectedIssues = Object.fromEntries(
    issues.filter((issue) => issue.index === selected).map((issue) => [issue.property, issue.message]),
  );

  const changeField = (index: number, field: CertificateField) => {
    setFields((current) => current.map((entry, at) => (at === index ? field : entry)));
    setIssues((current) => current.filter((issue) => issue.index !== index));
  };
  const addField = (key: CertificateFieldKey) => {
    setFields((current) => [...current, newField(key, page)]);
    setSelected(fields.length);
  };
  const removeField = (index: number) => {
    setFields((current) => current.filter((_field, at) => at !== index));
    setIssues([]);
    setSelected(null);
  };

  const showErrors = (errors: NamedError[]) => {
    const forForm = errors.filter((error) => (FORM_FIELDS as readonly string[]).includes(error.field));
    form.setFields(
      forForm.map((error) => ({ name: error.field as keyof EditorValues, errors: [error.message] })),
    );
    setBackgroundError(errors.find((error) => error.field === 'backgroundImage')?.message);
    const fieldIssues = errors.map(fieldIssueOf).filter((issue): issue is FieldIssue => issue !== undefined);
    setIssues(fieldIssues);
    setOtherErrors(
      errors
        .filter(
          (error) => !forForm.includes(error) && error.field !== 'backgroundImage' && !fieldIssueOf(error),
        )
        .map((error) => error.message),
    );
    if (fieldIssues[0]) {
      setSelected(fieldIssues[0].index);
      setPreview(false);
    }
  };

  const upload = async (file: File) => {
    setUploading(true);
    setBackgroundError(undefined);
    try {
      setBackground((await uploadCertificateBackground(file, file.name)).key);
    } catch {
      // The request client has shown why.
    } finally {
      setUploading(false);
    }
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const payload: CertificateTemplateSaveInput = {
      ...(templateId === undefined ? {} : { id: templateId }),
      name: values.name.trim(),
      width: values.width,
      height: values.height,
      ...(background ? { backgroundImage: background } : {}),
      fields,
    };
    const checked = certificateTemplateSaveInput.safeParse(payload);
    if (!checked.success) {
      showErrors(
        checked.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
      );
      return;
    }
    showErrors([]);
    setSaving(true);
    try {
      await saveCertificateTemplate(payload);
      void message.success(templateId === undefined ? '证书模板已创建' : '证书模板已保存');
      onSaved();
    } catch (error) {
      // The request client has shown the summary; mark the refused fields.
      showErrors(fieldErrorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <EditorDrawer
      title={templateId === undefined ? '新建证书模板' : '编辑证书模板'}
      open
      onClose={onClose}
      size={1120}
      saving={saving}
      onSave={() => void submit()}
      loading={loading}
      failure={failure}
      busy={uploading}
    >
      <Form<EditorValues>
        form={form}
        name="certificate-template"
        layout="vertical"
        initialValues={{ name: '', ...A4_LANDSCAPE }}
      >
        <Space size={16} wrap align="start">
          <Form.Item name="name" label="模板名称" rules={[required('请填写模板名称')]}>
            <Input maxLength={50} placeholder="如：结业证书" style={{ width: 260 }} />
          </Form.Item>
          <Form.Item label="页面尺寸">
            <Select
              aria-label="页面尺寸"
              value={pagePresetOf(page)}
              options={PAGE_SIZE_OPTIONS}
              style={{ width: 220 }}
              onChange={(code: string) => {
                const size = presetSize(code);
                if (size) form.setFieldsValue(size);
              }}
            />
          </Form.Item>
          {(['width', 'height'] as const).map((side) => (
            <Form.Item
              key={side}
              name={side}
              label={side === 'width' ? '宽（像素）' : '高（像素）'}
              rules={[{ required: true, message: '请填写页面尺寸' }]}
            >
              <InputNumber
                min={CERTIFICATE_PAGE_SIZE.min}
                max={CERTIFICATE_PAGE_SIZE.max}
                precision={0}
                style={{ width: 120 }}
              />
            </Form.Item>
          ))}
        </Space>
        <Form.Item
          label="背景图"
          validateStatus={backgroundError ? 'error' : undefined}
          help={
            backgroundError ?? `PNG 或 JPEG，不超过 ${BACKGROUND_LIMIT_MB} MB，宜与页面同尺寸（铺满整页）`
          }
        >
          <Space>
            <Upload
              accept="image/png,image/jpeg"
              showUploadList={false}
              beforeUpload={(file) => {
                if (file.size > CERTIFICATE_BACKGROUND_LIMIT_BYTES) {
                  setBackgroundError(`背景图不能超过 ${BACKGROUND_LIMIT_MB} MB`);
                  return Upload.LIST_IGNORE;
                }
                void upload(file);
                return false;
              }}
            >
              <Button loading={uploading}>{background ? '更换背景图' : '上传背景图'}</Button>
            </Upload>
            {background && (
              <Button type="link" danger onClick={() => setBackground(null)}>
                移除背景图
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
      {(issues.length > 0 || otherErrors.length > 0) && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title="以下字段需要调整"
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {issues.map((issue) => (
                <li key={`${issue.index}.${issue.property}`}>
                  第 {issue.index + 1} 个字段
                  {fields[issue.index] ? `（${fieldLabel(fields[issue.index] as CertificateField)}）` : ''}：
                  {issue.message}
                </li>
              ))}
              {otherErrors.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          }
        />
      )}
      <Flex gap={16} align="start">
        <div>
          <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
            <span>
              画布 {page.width}×{page.height}
              {pagePresetOf(page) === CUSTOM_PAGE ? '（自定义）' : ''}
              {preview ? '，预览' : '，拖动字段可调整位置'}
            </span>
            <Button onClick={() => setPreview((current) => !current)}>{preview ? '退出预览' : '预览'}</Button>
          </Flex>
          <TemplateCanvas
            page={page}
            fields={fields}
            backgroundUrl={backgroundUrl}
            selected={selected}
            refused={refused}
            preview={preview}
            onSelect={setSelected}
            onMove={changeField}
          />
          {!preview && (
            <div style={{ marginTop: 12 }}>
              <div style={{ marginBottom: 6 }}>字段（点击选中）：</div>
              <Space wrap size={[4, 8]} data-testid="field-list">
                {fields.map((field, index) => (
                  <Tag.CheckableTag
                    // biome-ignore lint/suspicious/noArrayIndexKey: fields have no ids; order is identity
                    key={index}
                    checked={selected === index}
                    style={refused.has(index) ? { color: '#ff4d4f' } : undefined}
                    onChange={() => setSelected(index)}
                  >
                    {fieldLabel(field)}
                  </Tag.CheckableTag>
                ))}
              </Space>
              <div style={{ margin: '12px 0 6px' }}>添加字段：</div>
              <Space wrap size={[4, 8]} data-testid="add-fields">
                {[...unusedKeys(fields), 'text' as const].map((key) => (
                  <Button key={key} size="small" icon={<PlusOutlined />} onClick={() => addField(key)}>
                    {CERTIFICATE_FIELD_LABELS[key]}
                  </Button>
                ))}
              </Space>
            </div>
          )}
        </div>
        {!preview && (
          <div style={{ width: 240, flex: 'none' }}>
            {selectedField && selected !== null ? (
              <FieldPanel
                field={selectedField}
                page={page}
                issues={selectedIssues}
                onChange={(field) => changeField(selected, field)}
                onRemove={() => removeField(selected)}
              />
            ) : (
              <Empty description="选中画布上的字段以编辑属性" />
            )}
          </div>
        )}
      </Flex>
    </EditorDrawer>
  );
}
