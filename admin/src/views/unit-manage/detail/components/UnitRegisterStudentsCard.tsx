import type { UnitRegisterStudent } from '@px/api/contract';
import { Card, Tag } from 'antd';
import { listUnitRegisterStudents } from '../../../../api/unit';
import type { ListColumn } from '../../../../components/ListTable';
import { ListView } from '../../../../components/list-page/ListPage';
import { useListCall } from '../../../../components/list-page/list-call';
import { dateTimeColumn, orDash } from '../../../../components/table-columns';

const columns: ListColumn<UnitRegisterStudent>[] = [
  { title: '姓名', dataIndex: 'realName', width: 120 },
  { title: '身份证号', dataIndex: 'idCardNo', width: 190 },
  { title: '手机号', dataIndex: 'mobile', width: 140, render: orDash },
  {
    title: '微信绑定',
    dataIndex: 'wechatBound',
    width: 100,
    render: (bound: boolean) => (bound ? <Tag color="success">已绑定</Tag> : <Tag>未绑定</Tag>),
  },
  dateTimeColumn('注册时间', 'createdAt'),
];

/** 注册学员: the students registered under the unit (`unit/register-students`), paged. */
export function UnitRegisterStudentsCard({ unitId }: { unitId: number }) {
  const list = useListCall('unit/register-students', (query) =>
    listUnitRegisterStudents({ ...query, unitId }),
  );
  return (
    <Card title="注册学员">
      <ListView
        list={list}
        name="unit-register-students"
        filters={[]}
        columns={columns}
        columnsId="unit-manage/detail/register-students"
        rowKey="accountId"
      />
    </Card>
  );
}
