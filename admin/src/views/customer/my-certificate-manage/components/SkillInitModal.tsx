import {
  type CertificateDetail,
  type CertificateStudentOption,
  SKILL_LEVEL_LABELS,
  SKILL_LEVELS,
  type SkillInitInput,
  type SkillLevel,
} from '@px/api/contract';
import { Form, Input, InputNumber, message, Select } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { listCertificateTemplates } from '../../../../api/certificate';
import { getCertificateStudentOptions, initSkillCertificate } from '../../../../api/my-certificate';
import { DateField } from '../../../../components/DateFields';
import { FormModal } from '../../../../components/FormModal';
import { VocationPicker } from '../../../../components/VocationPicker';
import { labelOptions } from '../../../../utils/label-options';

interface SkillValues {
  accountId?: number;
  /** The code of a 职业 or 工种 of the vocational resource tree. */
  skillCode?: string;
  skillLevel?: SkillLevel;
  score?: number | null;
  assessDate: string;
  issuer?: string;
  templateId?: number;
}

export const SKILL_LEVEL_OPTIONS = labelOptions(SKILL_LEVELS, SKILL_LEVEL_LABELS);

/** The student choice: the project's students by part of the name or the whole ID number, asked as staff type. */
function useStudentChoices(open: boolean) {
  const [options, setOptions] = useState<CertificateStudentOption[]>([]);
  const latest = useRef(0);
  const search = useCallback((keyword: string) => {
    const id = latest.current + 1;
    latest.current = id;
    const text = keyword.trim();
    if (!text) {
      setOptions([]);
      return;
    }
    getCertificateStudentOptions(text).then(
      (found) => latest.current === id && setOptions(found),
      () => undefined,
    );
  }, []);
  useEffect(() => {
    if (!open) setOptions([]);
  }, [open]);
  return {
    search,
    choices: options.map((option) => ({
      value: option.id,
      label: `${option.realName}（${option.idCardNo}）`,
    })),
  };
}

/**
 * 录入技能证书: issues a skill certificate to a student of the project (chosen by name or ID
 * number): 职业/工种, 技能等级, 考核成绩 (optional), 考核日期, 发证单位 (blank: the project's
 * title) and optionally an enabled template. Fields the server refuses are shown on the field;
 * other refusals (a duplicate of a valid one) are shown by the request client.
 */
export function SkillInitModal({
  open,
  onClose,
  onIssued,
}: {
  open: boolean;
  onClose: () => void;
  onIssued: (issued: CertificateDetail) => void;
}) {
  const [form] = Form.useForm<SkillValues>();
  const students = useStudentChoices(open);
  const [templates, setTemplates] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    if (!open) return;
    listCertificateTemplates({ pageNum: 1, pageSize: 100, status: 'ENABLED' }).then(
      (page) => setTemplates(page.list.map((template) => ({ value: template.id, label: template.name }))),
      () => undefined,
    );
  }, [open]);

  const submit = async (values: SkillValues) => {
    const input: SkillInitInput = {
      accountId: values.accountId as number,
      skillCode: values.skillCode ?? '',
      skillLevel: values.skillLevel as SkillLevel,
      score: values.score ?? null,
      assessDate: values.assessDate,
      issuer: values.issuer?.trim() || undefined,
      templateId: values.templateId,
    };
    onIssued(await initSkillCertificate(input));
    void message.success('技能证书已录入');
  };

  return (
    <FormModal<SkillValues>
      title="录入技能证书"
      open={open}
      okText="录入"
      name="skill-init"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      destroyOnHidden
    >
      <Form.Item name="accountId" label="学员" rules={[{ required: true, message: '请选择学员' }]}>
        <Select
          placeholder="输入姓名或身份证号搜索"
          options={students.choices}
          showSearch={{ filterOption: false, onSearch: students.search }}
          notFoundContent="无匹配学员"
        />
      </Form.Item>
      <Form.Item name="skillCode" label="职业/工种" rules={[{ required: true, message: '请选择职业/工种' }]}>
        <VocationPicker />
      </Form.Item>
      <Form.Item name="skillLevel" label="技能等级" rules={[{ required: true, message: '请选择技能等级' }]}>
        <Select options={SKILL_LEVEL_OPTIONS} placeholder="请选择" />
      </Form.Item>
      <Form.Item name="score" label="考核成绩">
        <InputNumber min={0} max={100} precision={0} placeholder="无成绩" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="assessDate" label="考核日期" rules={[{ required: true, message: '请选择考核日期' }]}>
        <DateField style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="issuer" label="发证单位">
        <Input maxLength={100} placeholder="默认为项目名称" />
      </Form.Item>
      <Form.Item name="templateId" label="证书模板">
        <Select allowClear options={templates} placeholder="默认版式" />
      </Form.Item>
    </FormModal>
  );
}
