import type { ClassDetail } from '@px/api/contract';
import { Button, Card, Divider, Form, message, Space, Tabs, Tag } from 'antd';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { getClass, saveClass } from '../../../api/train-class';
import { AddressRecordPending, type AddressTexts } from '../../../components/RecordPending';
import { UnsavedAlert } from '../../../components/UnsavedAlert';
import { useAddressRecord } from '../../../hooks/useAddressRecord';
import { useFormSave } from '../../../hooks/useFormSave';
import { validValuesOrWarn } from '../../../utils/form-errors';
import { CLASS_LIST_PATH, classDetailPath, planOptions } from '../class/class-meta';
import { useClassCategories, useClassYears, useTrainPlans } from '../class/use-class-options';
import { type ClassFormValues, classFormValues, classSavePayload, unshownText } from './class-form';
import { ClassCourseTable } from './components/ClassCourseTable';
import { ClassEvaluations } from './components/ClassEvaluations';
import { ClassExamSettings } from './components/ClassExamSettings';
import { ClassInfoFields } from './components/ClassInfoFields';
import { useCertificateTemplates } from './use-certificate-templates';

/** The class form: its fields, the courses and the save (创建班级 / 保存). */
function ClassEditor({
  detail,
  onSaved,
  onBack,
}: {
  detail: ClassDetail | null;
  onSaved: (saved: ClassDetail) => void;
  onBack: () => void;
}) {
  const [form] = Form.useForm<ClassFormValues>();
  const { saving, unshown, run, clearUnshown } = useFormSave(form, { describe: unshownText });
  const plans = useTrainPlans();
  const categories = useClassCategories();
  const years = useClassYears(detail?.year);
  const planChoices = useMemo(() => planOptions(plans.items, detail?.planId), [plans.items, detail]);
  const templates = useCertificateTemplates(detail?.certificateTemplateId);
  const initialValues = useMemo(() => classFormValues(detail), [detail]);
  const examRequired = detail?.examRequired;
  const examPassScore = detail?.examPassScore;

  // The exam settings tab saves these two as well: show what it saved.
  useEffect(() => {
    if (examRequired !== undefined) form.setFieldsValue({ examRequired, examPassScore });
  }, [examRequired, examPassScore, form]);

  const save = async () => {
    clearUnshown();
    if (!(await validValuesOrWarn(form))) return;
    await run(async () => {
      // Every value, the course rows' names and own hours included (they have no field of their own).
      const saved = await saveClass(classSavePayload(form.getFieldsValue(true), detail?.id));
      void message.success(detail ? '班级已保存' : '班级已创建，上架后学员可以报名');
      onSaved(saved);
    });
  };

  const actions = (
    <Space>
      <Button onClick={onBack}>返回列表</Button>
      <Button type="primary" loading={saving} onClick={() => void save()}>
        {detail ? '保存' : '创建班级'}
      </Button>
    </Space>
  );

  return (
    <Form<ClassFormValues> form={form} name="class-form" layout="vertical" initialValues={initialValues}>
      <UnsavedAlert messages={unshown} />
      <ClassInfoFields
        plans={planChoices}
        years={years}
        categories={categories.items}
        templates={templates}
      />
      <Divider titlePlacement="start">课程</Divider>
      <ClassCourseTable />
      <Space style={{ marginTop: 24 }}>{actions}</Space>
    </Form>
  );
}

/** The title of the editor: new, or the class's name with its shelf state. */
function EditorTitle({ detail }: { detail: ClassDetail | null }) {
  if (!detail) return <>新建班级</>;
  return (
    <Space>
      {`编辑班级 · ${detail.name}`}
      {detail.onShelf ? <Tag color="success">已上架</Tag> : <Tag>已下架</Tag>}
    </Space>
  );
}

/** What the class editor says of an address naming no record. */
const CLASS_ADDRESS: AddressTexts = {
  invalid: '班级编号无效',
  hint: '请从班级列表进入。',
  back: '返回班级列表',
};

/**
 * 班级详情 (hidden route): `?id=` edits a class, with tabs of its exam settings (考试设置) and its
 * evaluations (学员评价);
 * without `id` it creates one. After creating, the page stays on the saved class (`?id=` replaced).
 */
export function ClassDetailPage() {
  const { invalid, state } = useAddressRecord(getClass);
  const navigate = useNavigate();
  const back = () => navigate(CLASS_LIST_PATH);

  if (invalid || state.status !== 'ready') {
    return <AddressRecordPending invalid={invalid} state={state} texts={CLASS_ADDRESS} onBack={back} />;
  }

  const detail = state.record;
  const onSaved = (saved: ClassDetail) => {
    if (detail) state.set(saved);
    else navigate(classDetailPath(saved.id), { replace: true });
  };
  const editor = <ClassEditor key={detail?.id ?? 'new'} detail={detail} onSaved={onSaved} onBack={back} />;
  return (
    <Card title={<EditorTitle detail={detail} />}>
      {detail ? (
        <Tabs
          items={[
            { key: 'info', label: '班级信息', children: editor },
            {
              key: 'exam',
              label: '考试设置',
              children: (
                <ClassExamSettings
                  classId={detail.id}
                  onSaved={(saved) =>
                    state.set({ ...detail, examRequired: saved.examRequired, examPassScore: saved.passScore })
                  }
                />
              ),
            },
            { key: 'evaluations', label: '学员评价', children: <ClassEvaluations classId={detail.id} /> },
          ]}
        />
      ) : (
        editor
      )}
    </Card>
  );
}
