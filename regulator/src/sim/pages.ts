import type { Fault } from './faults';
import type { FiledClass, RequestLogEntry, SimApp, StoredRecord } from './store';

/** The simulator's own pages (zh-CN, like a regulator's console): apps, and per app what it received. */

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const CSS = `body{font:14px/1.5 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:24px;color:#111}
table{border-collapse:collapse;margin:8px 0 24px}th,td{border:1px solid #ccc;padding:4px 8px;text-align:left}
th{background:#f4f4f4}code{background:#f4f4f4;padding:1px 4px}form{margin:8px 0}label{margin-right:12px}`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${CSS}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;

const FAULT_NAMES: Record<Fault['kind'], string> = {
  outage: '服务中断',
  slow: '慢响应',
  'server-error': '服务器错误',
  'rate-limit': '限流',
  'reject-id': '拒收身份证号',
};

const describeFault = (fault: Fault) => {
  const detail =
    fault.kind === 'slow'
      ? `${fault.delayMs} ms`
      : fault.kind === 'server-error'
        ? `HTTP ${fault.status}`
        : fault.kind === 'rate-limit'
          ? `Retry-After ${fault.retryAfterSeconds} s`
          : fault.kind === 'reject-id'
            ? `${fault.idNumber} → ${fault.reason}`
            : '';
  const span = [
    fault.times !== undefined ? `剩余 ${fault.times} 次` : '',
    fault.until !== undefined ? `至 ${new Date(fault.until).toLocaleTimeString('zh-CN')}` : '',
  ]
    .filter(Boolean)
    .join('，');
  return `${FAULT_NAMES[fault.kind]} ${escapeHtml(detail)} ${escapeHtml(span || '直到清除')}`;
};

export function indexPage(
  apps: (SimApp & { records: number; classes: number })[],
  faults: readonly Fault[],
  rate: number,
): string {
  const rows = apps
    .map(
      (app) =>
        `<tr><td><a href="/apps/${encodeURIComponent(app.appId)}">${escapeHtml(app.appId)}</a></td><td>${escapeHtml(app.name)}</td><td><code>${escapeHtml(app.secret)}</code></td><td>${app.classes}</td><td>${app.records}</td></tr>`,
    )
    .join('');
  return page(
    '继续教育学时登记平台（模拟）',
    `<p>协议见 docs/regulator.md。每个应用每秒最多 ${rate} 次请求。</p>
<h2>应用（每个培训项目一个）</h2>
<table><tr><th>应用 ID</th><th>机构</th><th>密钥</th><th>备案班级</th><th>学时记录</th></tr>${rows}</table>
<form method="post" action="/sim/apps"><label>新应用：<input name="name" placeholder="机构名称" required></label><button>创建</button></form>
<h2>故障注入</h2>
<p>当前：${faults.length ? faults.map(describeFault).join('；') : '无'}</p>
<form method="post" action="/sim/faults">
<label>类型 <select name="kind"><option value="outage">服务中断</option><option value="slow">慢响应</option><option value="server-error">服务器错误</option><option value="rate-limit">限流</option><option value="reject-id">拒收身份证号</option></select></label>
<label>次数 <input name="times" size="4"></label><label>或持续秒数 <input name="seconds" size="4"></label>
<label>延迟 ms <input name="delayMs" size="6"></label><label>状态码 <input name="status" size="4" placeholder="500"></label>
<label>Retry-After <input name="retryAfterSeconds" size="3"></label>
<label>身份证号 <input name="idNumber" size="20"></label><label>原因 <input name="reason" size="18" placeholder="ID_NAME_MISMATCH"></label>
<button>注入</button></form>
<form method="post" action="/sim/faults/clear"><button>清除全部故障</button></form>`,
  );
}

const RESULT_NAMES: Record<string, string> = { PASSED: '考试合格', COMPLETED: '学习完成', FAILED: '不合格' };

export function appPage(
  app: SimApp,
  classes: FiledClass[],
  records: StoredRecord[],
  requests: RequestLogEntry[],
): string {
  const classRows = classes
    .map(
      (c) =>
        `<tr><td>${escapeHtml(c.code)}</td><td>${escapeHtml(c.name)}</td><td>${c.hours}</td><td>${c.startOn} ~ ${c.endOn}</td><td>${escapeHtml(c.filedAt)}</td></tr>`,
    )
    .join('');
  const recordRows = records
    .map(({ record: r, receiptNo, receivedAt }) => {
      const kind = r.kind === 'CORRECTION' ? `更正 ${escapeHtml(r.corrects ?? '')}` : '首次';
      return `<tr><td>${escapeHtml(r.pushNo)}</td><td>${escapeHtml(receiptNo)}</td><td>${kind}</td><td>${escapeHtml(r.student.name)}</td><td>${escapeHtml(r.student.idNumber)}</td><td>${escapeHtml(r.classCode)}</td><td>${r.study.hours}</td><td>${escapeHtml(RESULT_NAMES[r.study.result] ?? r.study.result)}</td><td>${escapeHtml(r.certificate?.number ?? '')}</td><td>${escapeHtml(receivedAt)}</td></tr>`;
    })
    .join('');
  const requestRows = requests
    .map(
      (q) =>
        `<tr><td>${escapeHtml(q.at)}</td><td>${escapeHtml(q.method)} ${escapeHtml(q.path)}</td><td>${escapeHtml(q.pushNo ?? '')}</td><td>${q.status}</td><td>${escapeHtml(q.code)}</td></tr>`,
    )
    .join('');
  return page(
    `${app.name}（${app.appId}）`,
    `<p><a href="/">返回</a></p>
<h2>备案班级（${classes.length}）</h2>
<table><tr><th>班级编码</th><th>名称</th><th>总学时</th><th>起止</th><th>备案时间</th></tr>${classRows}</table>
<h2>学时记录（${records.length}）</h2>
<table><tr><th>上报编号</th><th>回执号</th><th>类型</th><th>姓名</th><th>身份证号</th><th>班级</th><th>学时</th><th>结果</th><th>证书编号</th><th>接收时间</th></tr>${recordRows}</table>
<h2>最近请求</h2>
<table><tr><th>时间</th><th>请求</th><th>上报编号</th><th>HTTP</th><th>结果</th></tr>${requestRows}</table>`,
  );
}
