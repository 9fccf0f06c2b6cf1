import type { OpenClass, StudentIdentity, StudyProcess } from '../calls';

/** The demo partner site's pages: plain HTML, in Chinese, a little script on the study page. */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const yuan = (fen: number) => (fen === 0 ? '免费' : `¥${(fen / 100).toFixed(2)}`);

const STYLE = `
body { margin: 0; font: 14px/1.6 system-ui, "PingFang SC", "Microsoft YaHei", sans-serif; color: #1f2329; background: #f2f4f7; }
header { padding: 12px 24px; color: #fff; background: #0b6e4f; }
header h1 { margin: 0; font-size: 20px; }
header p { margin: 0; opacity: .85; }
main { padding: 16px 24px; }
table { width: 100%; border-collapse: collapse; background: #fff; }
th, td { padding: 8px 10px; text-align: left; border-bottom: 1px solid #e5e6eb; }
button, .button { padding: 4px 12px; color: #fff; background: #0b6e4f; border: 0; border-radius: 4px; cursor: pointer; text-decoration: none; }
.study { display: flex; gap: 16px; align-items: flex-start; }
iframe { width: 390px; height: 720px; background: #fff; border: 1px solid #d0d3d9; border-radius: 8px; }
.panel { flex: 1; min-width: 260px; padding: 12px 16px; background: #fff; border-radius: 8px; }
.panel h2 { margin: 8px 0; font-size: 16px; }
.panel ol { margin: 0; padding-left: 20px; }
.note { color: #86909c; }
.error { padding: 16px; color: #c9353f; background: #fff; border-radius: 8px; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>${escapeHtml(title)} - 演示合作平台</title><style>${STYLE}</style></head>
<body>
<header><h1>演示合作平台</h1><p>模拟的合作方网站：通过开放接口使用培训平台的班级与学习页</p></header>
<main>${body}</main>
</body>
</html>`;
}

/** 首页: the portal's user, our classes (`query-class`) with 报名并学习, and what the user studies. */
export function classesPage(user: StudentIdentity, classes: OpenClass[], enrolled: StudyProcess[]): string {
  const mine = new Map(enrolled.map((process) => [process.classId, process]));
  const rows = classes
    .map((item) => {
      const process = mine.get(item.classId);
      const action = process
        ? `<a class="button" href="/study?classId=${item.classId}">去学习</a> <span class="note">已学 ${process.percent}%</span>`
        : `<form method="post" action="/sign-up"><input type="hidden" name="classId" value="${item.classId}"><button type="submit" aria-label="报名并学习：${escapeHtml(item.name)}">报名并学习</button></form>`;
      return `<tr><td>${escapeHtml(item.name)}</td><td>${item.year}</td><td>${escapeHtml(item.categoryPath)}</td><td>${item.requiredHours} 学时</td><td>${yuan(item.priceFen)}</td><td>${action}</td></tr>`;
    })
    .join('');
  return layout(
    '班级',
    `<p>当前用户：<strong>${escapeHtml(user.realName)}</strong>（合作方账号 ${escapeHtml(user.outAccountId)}）</p>
<h2>培训平台的班级（query-class）</h2>
<table><thead><tr><th>班级</th><th>年度</th><th>类别</th><th>学时</th><th>价格</th><th></th></tr></thead><tbody>${rows || '<tr><td colspan="6">暂无班级</td></tr>'}</tbody></table>`,
  );
}

/**
 * 学习: our study page in a frame (the single-sign-on URL of `train-info`), what the frame tells
 * this page by postMessage (only from the study page's origin), and the progress notices our
 * callback received (polled from this site's own `/notices.json`).
 */
export function studyPage(input: { ssoUrl: string; studyOrigin: string; process: StudyProcess }): string {
  const { process } = input;
  const script = `
const STUDY_ORIGIN = ${JSON.stringify(input.studyOrigin)};
const EVENT_LABEL = { LESSON_FINISHED: '课时完成', CLASS_PASSED: '班级结业', CERTIFICATE_ISSUED: '证书发放' };
const messages = document.getElementById('messages');
const notices = document.getElementById('notices');
const status = document.getElementById('status');
function describe(data) {
  switch (data.type) {
    case 'ready': return '就绪：' + data.className;
    case 'progress': return '进度：' + data.lessonName + ' 已计时 ' + data.creditedSeconds + ' 秒（已学 ' + Math.round(data.coverage * 100) + '%）';
    case 'finished': return '完成课时：' + data.lessonName;
    case 'goHome': return '返回首页（' + data.reason + '）';
    default: return data.type;
  }
}
window.addEventListener('message', (event) => {
  if (event.origin !== STUDY_ORIGIN || !event.data || event.data.source !== 'px-study') return;
  const item = document.createElement('li');
  item.dataset.type = event.data.type;
  item.textContent = describe(event.data);
  messages.append(item);
  if (event.data.type === 'goHome') {
    status.textContent = '学习平台请求返回首页，3 秒后返回';
    setTimeout(() => { location.href = '/'; }, 3000);
  }
});
let shown = 0;
async function poll() {
  try {
    const list = await (await fetch('/notices.json')).json();
    const mine = list.filter((entry) => entry.notice.enrolmentId === ${process.enrolmentId});
    for (const entry of mine.slice(shown)) {
      const n = entry.notice;
      const item = document.createElement('li');
      item.dataset.event = n.event;
      item.textContent = (EVENT_LABEL[n.event] || n.event) + '：' + n.className + (n.lessonName ? ' / ' + n.lessonName : '') + '，学时 ' + n.creditedHours + ' / ' + n.requiredHours;
      notices.append(item);
    }
    shown = mine.length;
  } finally {
    setTimeout(poll, 2000);
  }
}
poll();
`;
  return layout(
    process.className,
    `<p><a href="/">返回首页</a> · ${escapeHtml(process.className)} · 已学 ${process.percent}%（${process.lessonsFinished} / ${process.lessonsTotal} 课时）</p>
<div class="study">
<iframe title="培训平台学习页" src="${escapeHtml(input.ssoUrl)}" allow="camera; fullscreen"></iframe>
<div class="panel">
<p id="status" class="note">学习页嵌入在左侧；以下为它发来的消息与平台的进度通知。</p>
<h2>学习页消息（postMessage）</h2>
<ol id="messages" aria-label="学习页消息"></ol>
<h2>进度通知（回调）</h2>
<ol id="notices" aria-label="进度通知"></ol>
</div>
</div>
<script>${script}</script>`,
  );
}

/** A failure, said plainly, with the way back. */
export function errorPage(message: string): string {
  return layout('出错了', `<p class="error">${escapeHtml(message)}</p><p><a href="/">返回首页</a></p>`);
}
