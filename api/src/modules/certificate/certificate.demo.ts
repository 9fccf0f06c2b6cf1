import { randomUUID } from 'node:crypto';
import type { Transaction } from 'sequelize';
import type { CertificateField } from '../../contract/certificate';
import { loadEnv } from '../../env';
import { fileStorageFromEnv } from '../storage/file-storage';
import { encodePng, mixRgb, type Rgb } from '../storage/png';
import type { FileStorage } from '../storage/storage';
import { CertificateTemplate } from './certificate-template.model';

/** The demo template's name. */
export const DEMO_CERTIFICATE_TEMPLATE_NAME = '结业证书';
/** The demo page: A4 landscape at 96 dpi. */
const PAGE = { width: 1123, height: 794 };

const PAPER: Rgb = [255, 252, 243];
const PAPER_EDGE: Rgb = [246, 236, 210];
const GOLD: Rgb = [184, 146, 72];

/**
 * The demo background: warm paper, lighter in the middle, framed by a gold band and a thin inner
 * line, with a short rule under the title.
 */
export function drawDemoBackground(width = PAGE.width, height = PAGE.height): Buffer {
  const [cx, cy] = [width / 2, height / 2];
  return encodePng(width, height, (x, y) => {
    const edge = Math.min(x, y, width - 1 - x, height - 1 - y);
    if ((edge >= 20 && edge < 34) || (edge >= 44 && edge < 47)) return GOLD;
    if (y >= 166 && y < 169 && Math.abs(x - cx) < 200) return GOLD;
    const spread = Math.hypot((x - cx) / cx, (y - cy) / cy) / Math.SQRT2;
    return mixRgb(PAPER, PAPER_EDGE, spread);
  });
}

const line = (
  key: CertificateField['key'],
  x: number,
  y: number,
  width: number,
  fontSize: number,
  more: Partial<CertificateField> = {},
): CertificateField => ({
  key,
  x,
  y,
  width,
  fontSize,
  color: '#333333',
  bold: false,
  align: 'left',
  ...more,
});
const label = (
  text: string,
  x: number,
  y: number,
  width = 100,
  fontSize = 20,
  more: Partial<CertificateField> = {},
) => line('text', x, y, width, fontSize, { text, color: '#555555', ...more });

/** The demo template's fields: title, student, class, hours, score, number, code, date and QR code. */
export const DEMO_CERTIFICATE_FIELDS: readonly CertificateField[] = [
  line('text', 311, 86, 500, 56, { text: '结业证书', color: '#8b1a1a', bold: true, align: 'center' }),
  line('projectTitle', 261, 180, 600, 22, { align: 'center', color: '#555555' }),
  label('兹证明', 160, 250, 120, 24),
  line('studentName', 160, 292, 240, 32, { bold: true }),
  label('身份证号', 420, 302),
  line('idCardNo', 520, 302, 320, 20),
  label('参加以下培训，完成规定学时，考核合格，特发此证。', 160, 356, 800, 22),
  line('className', 160, 400, 700, 26, { bold: true }),
  label('年度', 160, 462),
  line('year', 260, 462, 120, 20),
  label('总学时', 400, 462),
  line('totalHours', 500, 462, 120, 20),
  label('公需学时', 160, 500),
  line('publicHours', 260, 500, 120, 20),
  label('专业学时', 400, 500),
  line('specializedHours', 500, 500, 120, 20),
  label('选修学时', 160, 538),
  line('electiveHours', 260, 538, 120, 20),
  label('考试成绩', 400, 538),
  line('score', 500, 538, 120, 20),
  line('qrCode', 860, 440, 130, 12),
  label('证书编号', 160, 650, 100, 18),
  line('certificateNo', 260, 650, 320, 18),
  label('验证码', 160, 684, 100, 18),
  line('verifyCode', 260, 684, 240, 18),
  label('发证日期', 700, 650, 290, 18, { align: 'center' }),
  line('issueDate', 700, 684, 290, 20, { align: 'center' }),
];

/**
 * Adds the demo template to a project: 结业证书, enabled, A4 landscape, with a generated background
 * stored through the file storage as an upload would be. `storage` is the app's
 * (`providers.storage`); the environment's when not given.
 */
export async function seedCertificateDemo(
  projectId: number,
  transaction: Transaction,
  storage: FileStorage = fileStorageFromEnv(loadEnv()),
): Promise<void> {
  const key = `certificate-templates/${projectId}/${randomUUID()}.png`;
  await storage.put(key, drawDemoBackground());
  await CertificateTemplate.create(
    {
      projectId,
      name: DEMO_CERTIFICATE_TEMPLATE_NAME,
      status: 'ENABLED',
      backgroundImage: key,
      width: PAGE.width,
      height: PAGE.height,
      fields: [...DEMO_CERTIFICATE_FIELDS],
      createdBy: null,
    },
    { transaction },
  );
}
