import type { UnitRegisterStudent } from '@px/api/contract';
import { Card, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { listUnitRegisterStudents } from '../../../../api/unit';
import { dateTimeColumn, orDash } from '../../../../components/table-columns';
import { usePagedList } from '../../../../hooks/usePagedList';

const columns: ColumnsType<UnitRegisterStudent> = [
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
  const list = usePagedList<Record<string, never>, UnitRegisterStudent>(
    (query) => listUnitRegisterStudents({ ...query, unitId }),
    {},
  );

  return (
    <Card title="注册学员">
      <Table<UnitRegisterStudent>
        rowKey="accountId"
        columns={columns}
        scroll={{ x: 'max-content' }}
        {...list.tableProps}
      />
    </Card>
  );
}
