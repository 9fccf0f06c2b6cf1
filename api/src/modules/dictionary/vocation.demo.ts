import type { Transaction } from 'sequelize';
import { Vocation } from './vocation.model';

/** A node of the demo tree: code, name, children; `disabled` to show a node taken out of use. */
type DemoNode = readonly [code: string, name: string, children?: readonly DemoNode[], disabled?: 'disabled'];

/**
 * The demo vocational resource tree: an excerpt in the style of the national occupation
 * classification (国家职业分类大典), 职业大类 → 职业 → 工种, with the occupations the demo's 考务
 * batches and skill certificates name (焊工, 电工). 汽车美容装潢工 is disabled (hidden from projects).
 */
export const DEMO_VOCATIONS: readonly DemoNode[] = [
  [
    '4',
    '社会生产服务和生活服务人员',
    [
      ['4-01-02-02', '电子商务师'],
      ['4-03-02-01', '中式烹调师'],
      ['4-03-02-02', '中式面点师'],
      [
        '4-07-05-04',
        '消防设施操作员',
        [
          ['4-07-05-04-01', '消防设施监控操作员'],
          ['4-07-05-04-02', '消防设施检测维修保养员'],
        ],
      ],
      ['4-10-01-02', '育婴员'],
      ['4-10-01-05', '养老护理员'],
      [
        '4-10-01-06',
        '家政服务员',
        [
          ['4-10-01-06-01', '家务服务员'],
          ['4-10-01-06-02', '家庭照护员'],
          ['4-10-01-06-03', '母婴护理员'],
        ],
      ],
      [
        '4-12-01-01',
        '汽车维修工',
        [
          ['4-12-01-01-01', '汽车机械维修工'],
          ['4-12-01-01-02', '汽车电器维修工'],
          ['4-12-01-01-03', '汽车车身整形修复工'],
          ['4-12-01-01-04', '汽车车身涂装修复工'],
          ['4-12-01-01-05', '汽车美容装潢工', [], 'disabled'],
        ],
      ],
    ],
  ],
  [
    '5',
    '农、林、牧、渔业生产及辅助人员',
    [
      ['5-05-01-01', '农业技术员'],
      ['5-05-01-02', '农业经理人'],
    ],
  ],
  [
    '6',
    '生产制造及有关人员',
    [
      ['6-18-01-01', '车工'],
      ['6-18-01-02', '铣工'],
      [
        '6-18-02-04',
        '焊工',
        [
          ['6-18-02-04-01', '电焊工'],
          ['6-18-02-04-02', '气焊工'],
          ['6-18-02-04-03', '钎焊工'],
          ['6-18-02-04-04', '焊接设备操作工'],
        ],
      ],
      ['6-29-01-01', '砌筑工'],
      ['6-29-01-04', '钢筋工'],
      ['6-29-01-05', '架子工'],
      ['6-31-01-03', '电工'],
    ],
  ],
];

/**
 * Seeds the demo tree (platform-wide) unless the platform has one already (the tests of the modules
 * that store an occupation call it too, outside a transaction).
 */
export async function seedVocationDemo(transaction?: Transaction): Promise<void> {
  if ((await Vocation.count({ transaction })) > 0) return;
  const add = async (nodes: readonly DemoNode[], parentId: number | null, level: number) => {
    for (const [sort, [code, name, children = [], disabled]] of nodes.entries()) {
      const node = await Vocation.create(
        { parentId, level, code, name, sort, enabled: disabled !== 'disabled' },
        { transaction },
      );
      await add(children, node.id, level + 1);
    }
  };
  await add(DEMO_VOCATIONS, null, 1);
}
