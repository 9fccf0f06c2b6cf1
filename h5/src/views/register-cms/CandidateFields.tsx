import {
  type CmsOptionalField,
  type CmsUnitOption,
  EDUCATION_LABEL,
  EDUCATIONS,
  SKILL_LEVEL_LABELS,
  type SkillLevel,
} from '@px/api/contract';
import { type ChangeEvent, useEffect, useState } from 'react';
import { Form, Toast } from 'react-vant';
import { listCmsUnits } from '../../api/cms';
import { TextInput } from '../../components/TextInput';
import { required } from '../../utils/form-rules';
import { cropPassportPhoto } from '../../utils/image-file';

/** The candidate's fields of an application (registering, or correcting a rejected one). */
export interface CandidateValues {
  skillLevel: string;
  education?: string;
  workYears?: string;
  workUnitId?: string;
}

interface Choice {
  value: string;
  label: string;
}

/** A native choice in a form item (the phone's own picker), with its accessible name. */
export function SelectInput({
  label,
  value,
  onChange,
  choices,
  placeholder = '请选择',
  id,
}: {
  label: string;
  value?: string;
  onChange?: (value: string) => void;
  choices: readonly Choice[];
  placeholder?: string;
  id?: string;
}) {
  return (
    <div className="rv-input text-input">
      <select
        id={id}
        aria-label={label}
        className="rv-input__control register-cms__select"
        value={value ?? ''}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange?.(event.target.value)}
      >
        <option value="">{placeholder}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The ID photo: chosen from the album or taken, cropped to a passport photo and previewed. */
export function PhotoInput({
  value,
  onChange,
  existing,
}: {
  value?: Blob | null;
  onChange?: (photo: Blob | null) => void;
  /** A photo is on file already (correcting an application): choosing none keeps it. */
  existing?: boolean;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  useEffect(() => {
    if (!value) {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setWorking(true);
    try {
      onChange?.(await cropPassportPhoto(file));
    } catch (error) {
      Toast.fail(error instanceof Error ? error.message : '无法读取该照片，请换一张');
    } finally {
      setWorking(false);
    }
  };
  return (
    <div className="register-cms__photo">
      {preview ? (
        <img className="register-cms__photo-preview" src={preview} alt="证件照预览" />
      ) : (
        <span className="register-cms__photo-empty">{existing ? '已上传' : '未上传'}</span>
      )}
      <label className="register-cms__photo-pick">
        {working ? '处理中…' : preview || existing ? '重新选择' : '上传证件照'}
        <input
          type="file"
          accept="image/jpeg,image/png"
          aria-label="上传证件照"
          className="register-cms__photo-file"
          onChange={(event) => void choose(event)}
        />
      </label>
      <p className="register-cms__photo-tip">白底或蓝底免冠正面照，将自动裁剪为证件照比例（33:48）</p>
    </div>
  );
}

/** The project's units to choose from (工作单位), loaded once. */
function useUnits(wanted: boolean): CmsUnitOption[] {
  const [units, setUnits] = useState<CmsUnitOption[]>([]);
  useEffect(() => {
    if (!wanted) return;
    listCmsUnits()
      .then(setUnits)
      .catch(() => setUnits([]));
  }, [wanted]);
  return units;
}

const EDUCATION_CHOICES = EDUCATIONS.map((education) => ({
  value: education,
  label: EDUCATION_LABEL[education],
}));

/**
 * 报考等级 (the batch's levels), 文化程度, 工作年限, 工作单位 and 证件照, each required when the
 * batch says so; the photo is the form's `photo` (a Blob).
 */
export function CandidateFields({
  levels,
  requiredFields,
  hasPhoto = false,
}: {
  levels: readonly SkillLevel[];
  requiredFields: readonly CmsOptionalField[];
  /** The application being corrected holds a photo already. */
  hasPhoto?: boolean;
}) {
  const needs = (field: CmsOptionalField) => requiredFields.includes(field);
  const units = useUnits(true);
  return (
    <>
      <Form.Item name="skillLevel" label="报考等级" rules={[required('请选择报考等级')]}>
        <SelectInput
          label="报考等级"
          choices={levels.map((level) => ({ value: level, label: SKILL_LEVEL_LABELS[level] }))}
        />
      </Form.Item>
      <Form.Item
        name="education"
        label="文化程度"
        rules={needs('education') ? [required('请选择文化程度')] : []}
      >
        <SelectInput
          label="文化程度"
          choices={EDUCATION_CHOICES}
          placeholder={needs('education') ? '请选择' : '选填'}
        />
      </Form.Item>
      <Form.Item
        name="workYears"
        label="工作年限"
        rules={[
          ...(needs('workYears') ? [required('请填写工作年限')] : []),
          { pattern: /^\d{0,2}$/, message: '工作年限应为 0-60 的整数' },
        ]}
      >
        <TextInput
          label="工作年限"
          inputMode="numeric"
          placeholder={needs('workYears') ? '年' : '选填（年）'}
          maxLength={2}
        />
      </Form.Item>
      <Form.Item name="workUnitId" label="工作单位" rules={needs('unit') ? [required('请选择工作单位')] : []}>
        <SelectInput
          label="工作单位"
          choices={units.map((unit) => ({ value: String(unit.id), label: unit.name }))}
          placeholder={needs('unit') ? '请选择' : '选填'}
        />
      </Form.Item>
      <Form.Item
        name="photo"
        label="证件照"
        rules={
          needs('photo') && !hasPhoto
            ? [
                {
                  validator: async (_rule, value) =>
                    value ? undefined : Promise.reject(new Error('请上传证件照')),
                },
              ]
            : []
        }
      >
        <PhotoInput existing={hasPhoto} />
      </Form.Item>
    </>
  );
}

/** The candidate's fields as the calls take them. */
export function candidateInput(values: CandidateValues) {
  return {
    skillLevel: values.skillLevel as SkillLevel,
    education: (values.education || undefined) as (typeof EDUCATIONS)[number] | undefined,
    workYears: values.workYears ? Number(values.workYears) : undefined,
    workUnitId: values.workUnitId ? Number(values.workUnitId) : undefined,
  };
}
