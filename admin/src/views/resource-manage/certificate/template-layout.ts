import {
  CERTIFICATE_DATA_KEYS,
  CERTIFICATE_FIELD_LABELS,
  CERTIFICATE_PAGE_PRESETS,
  type CertificateDataKey,
  type CertificateField,
  type CertificateFieldKey,
  certificateFieldHeight,
} from '@px/api/contract';

/** A page's size in pixels. */
export interface PageSize {
  width: number;
  height: number;
}

/** What the canvas shows for each certificate value (the QR code is drawn as a square). */
export const SAMPLE_VALUES: Record<Exclude<CertificateDataKey, 'qrCode'>, string> = {
  studentName: '张三',
  idCardNo: '3701**********1234',
  className: '2025年度专业技术人员继续教育培训班',
  year: '2025',
  publicHours: '30.0',
  specializedHours: '60.0',
  electiveHours: '10.0',
  totalHours: '100.0',
  score: '92',
  issueDate: '2025年06月30日',
  skillName: '电工',
  skillLevel: '四级/中级工',
  assessDate: '2025年06月18日',
  certificateNo: 'ZS2025A7K3Q9M2XD',
  verifyCode: 'X7K29QPL',
  projectTitle: '职业培训平台',
};

/** The value `CUSTOM` of the page-size choice: a size that is no preset. */
export const CUSTOM_PAGE = 'CUSTOM';

/** The page-size choices of the editor: the presets with their size, then 自定义. */
export const PAGE_SIZE_OPTIONS = [
  ...CERTIFICATE_PAGE_PRESETS.map((preset) => ({
    value: preset.code as string,
    label: `${preset.label}（${preset.width}×${preset.height}）`,
  })),
  { value: CUSTOM_PAGE, label: '自定义' },
];

/** The preset of a page size, or CUSTOM_PAGE. */
export function pagePresetOf(page: Partial<PageSize>): string {
  return (
    CERTIFICATE_PAGE_PRESETS.find((preset) => preset.width === page.width && preset.height === page.height)
      ?.code ?? CUSTOM_PAGE
  );
}

/** A page size as the list shows it: `1123×794（A4 横向）`, just the numbers for a custom size. */
export function pageSizeText(page: PageSize): string {
  const preset = CERTIFICATE_PAGE_PRESETS.find(
    (entry) => entry.width === page.width && entry.height === page.height,
  );
  return `${page.width}×${page.height}${preset ? `（${preset.label}）` : ''}`;
}

/** The size of a preset, or undefined for CUSTOM_PAGE. */
export function presetSize(code: string): PageSize | undefined {
  const preset = CERTIFICATE_PAGE_PRESETS.find((entry) => entry.code === code);
  return preset && { width: preset.width, height: preset.height };
}

/** How a field is named in the editor: its kind, and a fixed text's words. */
export function fieldLabel(field: Pick<CertificateField, 'key' | 'text'>): string {
  return field.key === 'text' ? `文字：${field.text || '（空）'}` : CERTIFICATE_FIELD_LABELS[field.key];
}

/** What the canvas prints in a field: the fixed text, or the sample value (empty for the QR code). */
export function sampleText(field: Pick<CertificateField, 'key' | 'text'>): string {
  if (field.key === 'text') return field.text ?? '';
  return field.key === 'qrCode' ? '' : SAMPLE_VALUES[field.key];
}

/** The certificate values not yet placed (each goes on a page once). */
export function unusedKeys(fields: readonly CertificateField[]): CertificateDataKey[] {
  const used = new Set<CertificateFieldKey>(fields.map((field) => field.key));
  return CERTIFICATE_DATA_KEYS.filter((key) => !used.has(key));
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/** The field moved to (x, y), rounded to whole pixels and kept inside the page. */
export function placeField(field: CertificateField, page: PageSize, x: number, y: number): CertificateField {
  return {
    ...field,
    x: clamp(Math.round(x), 0, page.width - field.width),
    y: clamp(Math.round(y), 0, page.height - certificateFieldHeight(field)),
  };
}

/** A new field of `key` in the middle of the page: 300 px wide (the QR code a 120 px square), 24 px text. */
export function newField(key: CertificateFieldKey, page: PageSize): CertificateField {
  const width = Math.min(key === 'qrCode' ? 120 : 300, page.width);
  const field: CertificateField = {
    key,
    ...(key === 'text' ? { text: '文字' } : {}),
    x: 0,
    y: 0,
    width,
    fontSize: 24,
    color: '#333333',
    bold: false,
    align: key === 'text' ? 'center' : 'left',
  };
  return placeField(field, page, (page.width - width) / 2, (page.height - certificateFieldHeight(field)) / 2);
}

/** The scale the canvas draws a page at: it fits `box` pixels each way, never enlarged. */
export function canvasScale(page: PageSize, box = 760): number {
  return Math.min(1, box / page.width, box / page.height);
}

/** A refused property of a field, read from a field error's path (`fields.2.x`). */
export interface FieldIssue {
  index: number;
  property: string;
  message: string;
}

/** The field issue of a server or schema error, or undefined when it names something else. */
export function fieldIssueOf(error: { field: string; message: string }): FieldIssue | undefined {
  const match = /^fields\.(\d+)(?:\.(\w+))?$/.exec(error.field);
  if (!match) return undefined;
  return { index: Number(match[1]), property: match[2] ?? 'key', message: error.message };
}
