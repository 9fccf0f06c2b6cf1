import type { UnitClassItem, UnitClassOption } from '@px/api/contract';
import { ROLE_SYSTEM } from '@px/config';
import { Button, Card, Form, Input, InputNumber, message, Result, Select, Space } from 'antd';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getUnitClass, getUnitClassOptions, saveUnitClass } from '../../../api/unit-class';
import { RecordPending } from '../../../components/RecordPending';
import { useFormSave } from '../../../hooks/useFormSave';
import { useRecord } from '../../../hooks/useRecord';
import { useUnitChoices } from '../../../hooks/useUnitChoices';
import { accountInfoAtom } from '../../../store/session';
import { readPositiveId } from '../../../utils/query-id';
import { UNIT_CLASS_LIST_PAGE, unitClassDetailPath } from '../unit-class/unit-class-paths';

interface FormValues {
  unitId?: number;
  classId?: number;
  name?: string;
  plannedStudents?: number;
  contactName?: string;
  contactMobile?: string;
  remark?: string;
}

const classLabel = (option: UnitClassOption) =>
  `${option.name}（${option.year} 年度，报名 ${option.enrolStartDate} 至 ${option.enrolEndDate}）`;

/** The form of a new unit class (`unitClass` undefined) or of an existing one. */
function UnitClassForm({ unitClass }: { unitClass?: UnitClassItem }) {
  const navigate = useNavigate();
  const account = useAtomValue(accountInfoAtom);
  const isUnitManager = account?.roleRP.roleSystem === ROLE_SYSTEM.UNIT;
  const units = useUnitChoices();
  const classes = useRecord(unitClass ? null : 'classes', () => getUnitClassOptions());
  const classOptions = classes.status === 'ready' ? classes.record : [];
  const [form] = Form.useForm<FormValues>();
  const { saving, run } = useFormSave(form);

  // A unit manager's unit is fixed: their own (the server uses it whatever the form sends).
  useEffect(() => {
    if (isUnitManager && !unitClass && account?.unitId) form.setFieldValue('unitId', account.unitId);
  }, [isUnitManager, unitClass, account?.unitId, form]);

  const submit = async (values: FormValues) => {
    await run(async () => {
      const saved = await saveUnitClass({
        ...(unitClass ? { id: unitClass.id } : { unitId: values.unitId, classId: values.classId }),
        name: values.name?.trim() ?? '',
        plannedStudents: values.plannedStudents ?? 0,
        contactName: values.contactName?.trim() ?? '',
        contactMobile: values.contactMobile?.trim() ?? '',
        remark: values.remark?.trim() ?? '',
      });
      void message.success(unitClass ? '单位班级已保存' : '单位班级已创建');
      navigate(unitClassDetailPath(saved.id));
    });
  };

  const unitChoices =
    unitClass && !units.choices.some((choice) => choice.value === unitClass.unitId)
      ? [...units.choices, { value: unitClass.unitId, label: unitClass.unitName }]
      : units.choices;

  return (
    <Card title={unitClass ? '编辑单位班级' : '创建单位班级'}>
      <Form<FormValues>
        form={form}
        name="unit-class-form"
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        style={{ maxWidth: 720 }}
        initialValues={
          unitClass
            ? {
                unitId: unitClass.unitId,
                classId: unitClass.classId,
                name: unitClass.name,
                plannedStudents: unitClass.plannedStudents,
                contactName: unitClass.contactName ?? undefined,
                contactMobile: unitClass.contactMobile ?? undefined,
                remark: unitClass.remark ?? undefined,
              }
            : { plannedStudents: 10 }
        }
        onFinish={submit}
      >
        <Form.Item name="unitId" label="单位" rules={[{ required: true, message: '请选择单位' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder="请选择单位"
            loading={units.loading}
            options={unitChoices}
            disabled={isUnitManager || unitClass !== undefined}
          />
        </Form.Item>
        <Form.Item
          name="classId"
          label="班级"
          rules={[{ required: true, message: '请选择班级' }]}
          extra={unitClass ? undefined : '只能选择已上架、计划已发布且在报名时间内的班级'}
        >
          {unitClass ? (
            <Select disabled options={[{ value: unitClass.classId, label: unitClass.className }]} />
          ) : (
            <Select
              showSearch
              optionFilterProp="label"
              placeholder="请选择班级"
              loading={classes.status === 'loading'}
              notFoundContent="暂无可选班级"
              options={classOptions.map((option) => ({ value: option.id, label: classLabel(option) }))}
              onChange={(classId: number) => {
                const chosen = classOptions.find((option) => option.id === classId);
                if (chosen && !form.getFieldValue('name')) form.setFieldValue('name', chosen.name);
              }}
            />
          )}
        </Form.Item>
        <Form.Item name="name" label="名称" extra="不填则用班级名称">
          <Input maxLength={100} placeholder="单位班级名称" />
        </Form.Item>
        <Form.Item
          name="plannedStudents"
          label="计划人数"
          rules={[{ required: true, message: '请填写计划人数' }]}
        >
          <InputNumber min={1} max={100000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="contactName" label="联系人">
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="contactMobile" label="联系电话">
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              保存
            </Button>
            <Button onClick={() => navigate(UNIT_CLASS_LIST_PAGE)}>返回列表</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}

/** 创建单位班级 (hidden page): a new unit class from an offered class, or `?id=` to edit one. */
export function CreateUnitClassPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('id');
  const id = readPositiveId(raw);
  const state = useRecord(id, getUnitClass);
  const back = <Button onClick={() => navigate(UNIT_CLASS_LIST_PAGE)}>返回列表</Button>;
  if (raw !== null && id === null)
    return (
      <Result status="warning" title="单位班级编号无效" subTitle="请从单位班级列表进入。" extra={back} />
    );
  if (id === null) return <UnitClassForm />;
  if (state.status !== 'ready') return <RecordPending state={state} onRetry={state.reload} back={back} />;
  return <UnitClassForm key={state.record.id} unitClass={state.record} />;
}
