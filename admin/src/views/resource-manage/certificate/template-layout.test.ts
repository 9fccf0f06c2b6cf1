import type { CertificateField } from '@px/api/contract';
import {
  CUSTOM_PAGE,
  canvasScale,
  fieldIssueOf,
  fieldLabel,
  newField,
  pagePresetOf,
  pageSizeText,
  placeField,
  presetSize,
  sampleText,
  unusedKeys,
} from './template-layout';
import { buildField } from './testing';

const A4 = { width: 1123, height: 794 };
const field = (overrides: Partial<CertificateField> = {}) => buildField('studentName', overrides);

describe('page sizes', () => {
  it('knows the A4 presets and calls anything else custom', () => {
    expect(pagePresetOf(A4)).toBe('A4_LANDSCAPE');
    expect(pagePresetOf({ width: 794, height: 1123 })).toBe('A4_PORTRAIT');
    expect(pagePresetOf({ width: 800, height: 600 })).toBe(CUSTOM_PAGE);
    expect(presetSize('A4_PORTRAIT')).toEqual({ width: 794, height: 1123 });
    expect(presetSize(CUSTOM_PAGE)).toBeUndefined();
    expect(pageSizeText(A4)).toBe('1123×794（A4 横向）');
    expect(pageSizeText({ width: 800, height: 600 })).toBe('800×600');
  });

  it('scales a page to fit the canvas box, never up', () => {
    expect(canvasScale(A4)).toBeCloseTo(760 / 1123);
    expect(canvasScale({ width: 794, height: 1123 })).toBeCloseTo(760 / 1123);
    expect(canvasScale({ width: 400, height: 300 })).toBe(1);
  });
});

describe('fields', () => {
  it('places a field on whole pixels inside the page (a QR code is a square)', () => {
    expect(placeField(field(), A4, 100.4, 200.6)).toMatchObject({ x: 100, y: 201 });
    expect(placeField(field(), A4, -50, -5)).toMatchObject({ x: 0, y: 0 });
    expect(placeField(field(), A4, 2000, 2000)).toMatchObject({ x: 823, y: 764 });
    expect(placeField(field({ key: 'qrCode', width: 120 }), A4, 2000, 2000)).toMatchObject({
      x: 1003,
      y: 674,
    });
  });

  it('adds a new field in the middle of the page; a fixed text starts with words', () => {
    expect(newField('className', A4)).toMatchObject({ key: 'className', x: 412, y: 382, width: 300 });
    expect(newField('qrCode', A4)).toMatchObject({ x: 502, y: 337, width: 120 });
    expect(newField('text', A4)).toMatchObject({ key: 'text', text: '文字', align: 'center' });
    expect(newField('year', A4)).not.toHaveProperty('text');
  });

  it('names fields, shows sample values, and offers only values not placed yet', () => {
    expect(fieldLabel(field())).toBe('姓名');
    expect(fieldLabel(field({ key: 'text', text: '结业证书' }))).toBe('文字：结业证书');
    expect(sampleText(field())).toBe('张三');
    expect(sampleText(field({ key: 'idCardNo' }))).toBe('3701**********1234');
    expect(sampleText(field({ key: 'qrCode' }))).toBe('');
    expect(sampleText(field({ key: 'text', text: '兹证明' }))).toBe('兹证明');
    expect(sampleText(field({ key: 'skillLevel' }))).toBe('四级/中级工');
    const unused = unusedKeys([field(), field({ key: 'text', text: 'a' })]);
    expect(unused).not.toContain('studentName');
    expect(unused).toContain('idCardNo');
    expect(unused).toHaveLength(16);
  });

  it('reads the field and property of an error path', () => {
    expect(fieldIssueOf({ field: 'fields.2.x', message: 'm' })).toEqual({
      index: 2,
      property: 'x',
      message: 'm',
    });
    expect(fieldIssueOf({ field: 'fields.0', message: 'm' })).toEqual({
      index: 0,
      property: 'key',
      message: 'm',
    });
    expect(fieldIssueOf({ field: 'fields', message: 'm' })).toBeUndefined();
    expect(fieldIssueOf({ field: 'name', message: 'm' })).toBeUndefined();
  });
});
