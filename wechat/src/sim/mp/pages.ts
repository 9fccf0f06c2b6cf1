import { escapeHtml, htmlPage, type SimResponse } from '../http';
import type { SimContext } from '../server';
import { isFollowing } from './follow';
import { qrCodeAlive, qrSceneOf } from './qrcode';
import type { MpState, QrCodeRecord } from './state';

const time = (ms: number) => new Date(ms).toLocaleString('zh-CN', { hour12: false });

function scanButtons(context: SimContext, record: QrCodeRecord): string {
  return context.registry.users
    .map(
      (user) =>
        `<form method="post" action="/__sim/mp/scan"><input type="hidden" name="ticket" value="${escapeHtml(record.ticket)}"><input type="hidden" name="user" value="${escapeHtml(user.key)}"><button type="submit">用 ${escapeHtml(user.nickname)} 扫码</button></form>`,
    )
    .join('');
}

function describe(record: QrCodeRecord): string {
  const kind = record.expiresAt === null ? '永久' : `临时，${time(record.expiresAt)} 过期`;
  return `场景值 <b>${escapeHtml(qrSceneOf(record))}</b>（${kind}）`;
}

/** The person page of a QR code: the image and one "scan as" button per test user. */
export function qrCodePage(context: SimContext, record: QrCodeRecord): SimResponse {
  const app = context.registry.app(record.appId);
  const alive = qrCodeAlive(record, context.clock.now());
  const image = `/cgi-bin/showqrcode?ticket=${encodeURIComponent(record.ticket)}`;
  return htmlPage(
    '扫描二维码',
    `<main><h1>扫描二维码</h1><div class="card"><p>${escapeHtml(app?.name ?? record.appId)}</p><p>${describe(record)}</p>${
      alive
        ? `<img src="${image}" alt="二维码" width="215" height="215">${scanButtons(context, record)}`
        : '<p class="note">二维码已过期</p>'
    }</div><a class="button secondary" href="/">返回模拟器首页</a></main>`,
    alive ? 200 : 410,
  );
}

/** A page telling the person what their action did (for forms posted from the simulator's pages). */
export function resultPage(title: string, lines: string[], status = 200, reply?: string): SimResponse {
  const bubble = reply
    ? `<div class="card"><p class="muted">公众号回复</p><p class="reply">${wechatTextHtml(reply)}</p></div>`
    : '';
  return htmlPage(
    title,
    `<main><h1>${escapeHtml(title)}</h1><div class="card">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</div>${bubble}<a class="button" href="/">返回模拟器首页</a></main>`,
    status,
  );
}

/**
 * A text message as the WeChat client shows it: plain text with line breaks, and `<a href>` links
 * (http and https only) clickable; everything else escaped.
 */
export function wechatTextHtml(content: string): string {
  const link = /<a href="(https?:\/\/[^"<>]+)">([^<]*)<\/a>/g;
  let html = '';
  let last = 0;
  for (const match of content.matchAll(link)) {
    html += escapeHtml(content.slice(last, match.index));
    html += `<a href="${escapeHtml(match[1] ?? '')}">${escapeHtml(match[2] ?? '')}</a>`;
    last = (match.index ?? 0) + match[0].length;
  }
  html += escapeHtml(content.slice(last));
  return html.replace(/\n/g, '<br>');
}

/** The official-account section of the simulator's index page. */
export function mpIndexSection(context: SimContext, state: MpState): string {
  const apps = [...context.registry.apps.values()];
  const now = context.clock.now();
  const appRows = apps
    .map(
      (app) =>
        `<li><b>${escapeHtml(app.name)}</b> <span class="muted">${escapeHtml(app.appId)} · ${app.pushMode === 'safe' ? '安全模式' : '明文模式'}</span><br><span class="muted">服务器地址：${escapeHtml(app.serverUrl ?? '未设置')}</span>${
          app.serverUrl
            ? ` <a href="/__sim/mp/server-check/${encodeURIComponent(app.appId)}">验证服务器地址</a>`
            : ''
        }</li>`,
    )
    .join('');
  const follows = apps
    .map((app) => {
      const rows = context.registry.users
        .map((user) => {
          const following = isFollowing(state, app.appId, user.key);
          const action = following ? 'unfollow' : 'follow';
          return `<li>${escapeHtml(user.nickname)}：${following ? '已关注' : '未关注'}<form method="post" action="/__sim/mp/${action}"><input type="hidden" name="appId" value="${escapeHtml(app.appId)}"><input type="hidden" name="user" value="${escapeHtml(user.key)}"><button type="submit" class="secondary">${following ? '取消关注' : '关注'}</button></form></li>`;
        })
        .join('');
      return `<h3>${escapeHtml(app.name)}</h3><ul>${rows}</ul>`;
    })
    .join('');
  const codes = [...state.qrCodes.values()]
    .filter((code) => qrCodeAlive(code, now))
    .slice(-20)
    .reverse()
    .map(
      (code) =>
        `<li>${describe(code)} <a href="/__sim/qr/${encodeURIComponent(code.ticket)}">查看</a>${scanButtons(context, code)}</li>`,
    )
    .join('');
  const messages = state.templateMessages
    .slice(-20)
    .reverse()
    .map(
      (message) =>
        `<li><b>${escapeHtml(message.nickname)}</b> <span class="muted">${escapeHtml(message.appId)} · 模板 ${escapeHtml(message.templateId)}</span><br>${Object.values(
          message.data,
        )
          .map((field) => escapeHtml(field.value))
          .join('<br>')}</li>`,
    )
    .join('');
  return `<div class="card"><h2>公众号</h2><ul>${appRows}</ul></div><div class="card"><h2>关注状态</h2>${follows}</div><div class="card"><h2>带参数二维码</h2>${
    codes ? `<ul>${codes}</ul>` : '<p class="muted">暂无有效的二维码</p>'
  }</div><div class="card"><h2>模板消息</h2>${messages ? `<ul>${messages}</ul>` : '<p class="muted">暂无模板消息</p>'}</div>`;
}

/** A simple avatar (the first character of the nickname) for `headimgurl`. */
export function avatarSvg(nickname: string): string {
  const initial = escapeHtml([...nickname][0] ?? '?');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="132" height="132" viewBox="0 0 132 132"><rect width="132" height="132" fill="#07c160"/><text x="66" y="84" font-size="56" text-anchor="middle" fill="#fff" font-family="sans-serif">${initial}</text></svg>`;
}
