import {
  type ExamSetting,
  type ExamSettingSaveInput,
  PAPER_MODE_LABEL,
  type PaperOption,
  REVIEW_POLICIES,
  REVIEW_POLICY_LABEL,
  type ReviewPolicy,
} from '@px/api/contract';
import type { MenuUrl } from '@px/config';
import { Alert, Button, Form, InputNumber, message, Select } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { getExamSetting, listPaperOptions, saveExamSetting } from '../../../../api/exam';
import { FieldGrid, type GridField, switchField } from '../../../../components/FieldGrid';
import { RecordPending } from '../../../../components/RecordPending';
import { useAccess } from '../../../../hooks/useAccess';
import { useFormSave } from '../../../../hooks/useFormSave';
import { useRecord } from '../../../../hooks/useRecord';
import { labelOptions } from '../../../../utils/label-options';

/** The exam settings form's fields. */
interface ExamSettingValues {
  examRequired: boolean;
  paperId?: number | null;
  timeLimitMinutes: number;
  attemptsAllowed: number;
  passScore: number;
  reviewPolicy: ReviewPolicy;
  exerciseEnabled: boolean;
}

/** 试卷管理, linked from the paper field for roles holding it. */
const PAPER_PAGE = '/resource-manage/exam-paper' satisfies MenuUrl;

const REVIEW_OPTIONS = labelOptions(REVIEW_POLICIES, REVIEW_POLICY_LABEL);

const paperLabel = (paper: Pick<PaperOption, 'name' | 'mode' | 'questionCount'>) =>
  `${paper.name}（${PAPER_MODE_LABEL[paper.mode]} · ${paper.questionCount} 题）`;

/** The paper choices: papers by part of the name, asked as people type, the class's own paper kept. */
function usePaperChoices(current: ExamSetting) {
  const [options, setOptions] = useState<PaperOption[]>([]);
  const latest = useRef(0);
  const search = useCallback((name?: string) => {
    const id = latest.current + 1;
    latest.current = id;
    listPaperOptions(name?.trim() || undefined).then(
      (found) => latest.current === id && setOptions(found),
      () => undefined,
    );
  }, []);
  useEffect(() => search(), [search]);
  return {
    search,
    choices: useMemo(() => {
      const choices = options.map((paper) => ({ value: paper.id, label: paperLabel(paper) }));
      if (current.paperId !== null && !options.some((paper) => paper.id === current.paperId))
        choices.unshift({ value: current.paperId, label: current.paperName ?? `试卷 ${current.paperId}` });
      return choices;
    }, [options, current.paperId, current.paperName]),
  };
}

function ExamSettingForm({
  setting,
  onSaved,
}: {
  setting: ExamSetting;
  onSaved: (saved: ExamSetting) => void;
}) {
  const [form] = Form.useForm<ExamSettingValues>();
  const { saving, run } = useFormSave(form);
  const papers = usePaperChoices(setting);
  const examRequired = Form.useWatch('examRequired', form);
  const canEditPapers = useAccess().can(PAPER_PAGE);

  const save = async () => {
    let values: ExamSettingValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    await run(async () => {
      const payload: ExamSettingSaveInput = {
        ...values,
        classId: setting.classId,
        paperId: values.paperId ?? null,
      };
      const saved = await saveExamSetting(payload);
      void message.success('考试设置已保存');
      onSaved(saved);
    });
  };

  /** A required whole number (minutes, attempts, points): a quarter of the row, half on phones. */
  const numberField = (
    name: keyof ExamSettingValues,
    label: string,
    missing: string,
    max: number,
    min = 1,
  ) => ({
    name,
    label,
    xs: 12,
    span: 6,
    rules: [{ required: true, message: missing }],
    control: <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} />,
  });
  const fields: GridField[] = [
    switchField('examRequired', '需要考试'),
    { ...switchField('exerciseEnabled', '开放练习', '开', '关'), extra: '练习不计入考试次数' },
    {
      name: 'paperId',
      label: '试卷',
      extra: canEditPapers ? <Link to={PAPER_PAGE}>去试卷管理组卷</Link> : undefined,
      rules: [
        ({ getFieldValue }) => ({
          validator: (_rule, value: number | null | undefined) =>
            value || (!getFieldValue('examRequired') && !getFieldValue('exerciseEnabled'))
              ? Promise.resolve()
              : Promise.reject(new Error('需要考试或开放练习时请选择试卷')),
        }),
      ],
      control: (
        <Select
          allowClear
          placeholder="选择试卷"
          options={papers.choices}
          showSearch={{ filterOption: false, onSearch: papers.search }}
        />
      ),
    },
    numberField('timeLimitMinutes', '考试时长（分钟）', '请填写考试时长', 600),
    numberField('attemptsAllowed', '考试次数', '请填写考试次数', 100),
    {
      ...numberField('passScore', '合格分数', '请填写合格分数', 100, 0),
      extra: '满分 100 分',
      control: (
        <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} disabled={!examRequired} />
      ),
    },
    {
      name: 'reviewPolicy',
      label: '答案显示',
      xs: 12,
      span: 6,
      rules: [{ required: true, message: '请选择答案显示方式' }],
      control: <Select options={REVIEW_OPTIONS} />,
    },
  ];

  return (
    <Form<ExamSettingValues>
      form={form}
      name="exam-setting-form"
      layout="vertical"
      initialValues={{
        examRequired: setting.examRequired,
        paperId: setting.paperId,
        timeLimitMinutes: setting.timeLimitMinutes,
        attemptsAllowed: setting.attemptsAllowed,
        passScore: setting.passScore,
        reviewPolicy: setting.reviewPolicy,
        exerciseEnabled: setting.exerciseEnabled,
      }}
    >
      {setting.configured ? (
        <Alert type="success" showIcon title="学员学完要求学时后即可参加考试" style={{ marginBottom: 16 }} />
      ) : setting.examRequired ? (
        <Alert
          type="warning"
          showIcon
          title="考试尚未配置：请选择试卷并保存，学员才能参加考试"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <FieldGrid gutter={16} fields={fields} />
      <Button type="primary" loading={saving} onClick={() => void save()}>
        保存考试设置
      </Button>
    </Form>
  );
}

/**
 * 考试设置 of a class (`exam-setting/get|save`): whether an exam is required, the paper, time limit,
 * attempts, pass mark, when answers are shown and whether exercises are open. `examRequired` and the
 * pass mark are the class's own (the info tab shows them too); `onSaved` passes what was saved.
 */
export function ClassExamSettings({
  classId,
  onSaved,
}: {
  classId: number;
  onSaved: (saved: ExamSetting) => void;
}) {
  const state = useRecord(classId, (id) => getExamSetting(id));
  if (state.status !== 'ready') return <RecordPending state={state} onRetry={state.reload} />;
  return (
    <ExamSettingForm
      setting={state.record}
      onSaved={(saved) => {
        state.set(saved);
        onSaved(saved);
      }}
    />
  );
}
