import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import {
  HEADERS,
  NOTICE_EVENTS,
  REFUSAL_MESSAGES,
  REFUSAL_STATUS,
  SIGNATURE_WINDOW_SECONDS,
  SIGNED_GROUP,
  TOKEN_GROUP,
} from '@px/partner';
import { z } from 'zod';
import { OPEN_CALLS, type OpenCallSpec, TOKEN_CALL_SPECS } from '../../../contract/open';

// Named components (`registry.register`) need zod's `.openapi()`; it only adds metadata.
extendZodWithOpenApi(z);

/**
 * The OpenAPI 3.1 document of the partner API, generated from the same zod contracts the route
 * validates with (`contract/open.ts`) by @asteasolutions/zod-to-openapi: every call of both groups,
 * the two ways to authenticate, the envelope and its codes, and the progress notices as webhooks.
 * Served at `/api/open/openapi.json` and rendered at `/api/open/docs/`.
 */

const envelopeOf = (attribute: z.ZodType) =>
  z.object({
    respCode: z.literal(200),
    respDesc: z.string(),
    attribute,
    requestId: z.string().describe('Our id of the request (give it to support)'),
  });

const errorEnvelope = z
  .object({
    respCode: z.literal(-1),
    respDesc: z.string().describe('Why, in Chinese'),
    attribute: z.unknown().describe('BAD_REQUEST: { errors: [{ field, rule, message }] }; otherwise null'),
    errorCode: z.string().describe('See the table of codes in the description'),
    requestId: z.string(),
  })
  .describe('A refused or failed call');

const notice = z
  .object({
    noticeId: z.string().describe('The same for every delivery of one notice: deduplicate by it'),
    event: z.enum(NOTICE_EVENTS),
    occurredAt: z.string(),
    enrolmentId: z.number().int(),
    outAccountId: z.string().nullable(),
    classId: z.number().int(),
    className: z.string(),
    lessonId: z.number().int().optional(),
    lessonName: z.string().optional(),
    certificateNo: z.string().optional(),
    creditedHours: z.number(),
    requiredHours: z.number(),
    status: z.string(),
  })
  .describe('A progress notice');

const CODES_TABLE = [
  '| errorCode | HTTP | 说明 |',
  '| --- | --- | --- |',
  ...Object.entries(REFUSAL_STATUS).map(
    ([code, status]) => `| ${code} | ${status} | ${REFUSAL_MESSAGES[code as keyof typeof REFUSAL_STATUS]} |`,
  ),
  '| BAD_REQUEST | 400 | 参数不符合接口约定（attribute.errors 列出字段与原因） |',
  '| NOT_FOUND | 404 | 记录不存在，或不属于本应用 |',
  '| REQUEST_ID_REUSED | 409 | 请求编号已用于另一次报名 |',
  '| REFUSED | 200 | 业务规则不允许（respDesc 说明原因） |',
  '| SERVER_ERROR | 500 | 服务器错误，可稍后重试 |',
].join('\n');

const DESCRIPTION = `合作平台（第三方培训平台）通过本接口查询班级、报名学员、查询学习进度，并以单点登录地址在页面中嵌入学习页。

## 认证

两组接口内容相同，认证方式不同：

- **\`/api/open/${SIGNED_GROUP}/…\`（签名）**：每个请求带请求头 \`${HEADERS.appKey}\`、\`${HEADERS.timestamp}\`（Unix 秒）、\`${HEADERS.nonce}\`（16-64 位字母数字、\`_\`、\`-\`，同一应用只能用一次）和 \`${HEADERS.signature}\` = 小写十六进制 HMAC-SHA256(密钥, \`METHOD\\nPATH\\nTIMESTAMP\\nNONCE\\nBODY\`)，其中 PATH 为请求路径（含查询串），BODY 为请求体原文。时间戳与服务器相差不得超过 ${SIGNATURE_WINDOW_SECONDS / 60} 分钟。
- **\`/api/open/${TOKEN_GROUP}/…\`（令牌，needToken 组）**：先用签名请求调用 \`/api/open/auth/get-token.action\` 取得访问令牌（2 小时有效，可吊销），再以 \`Authorization: Bearer <令牌>\` 调用。

密钥轮换后，旧密钥在后台设定的保留期内仍然有效。浏览器发起的请求（带 Origin）只接受应用允许的来源。

## 应答

所有接口均为 POST JSON，应答为 \`{ respCode, respDesc, attribute, errorCode?, requestId }\`：成功时 respCode 为 200，失败时为 -1 并带 errorCode：

${CODES_TABLE}

## 进度通知

学员完成课时、结业、获得证书时，平台向应用的回调地址 POST 进度通知（见 webhooks），签名方式与请求相同（PATH 为回调地址的路径和查询串，\`${HEADERS.noticeId}\` 为通知编号）。请在验证签名后返回任意 2xx；其他应答会按退避间隔重试，同一通知可能到达多次。

## 单点登录与嵌入

\`train-info\` 返回的 \`ssoUrl\` 一次有效、5 分钟内有效，放入 iframe 即显示该学员的学习页。只有应用允许的来源可以嵌入（Content-Security-Policy frame-ancestors）。学习页通过 postMessage 向父页面（仅允许的来源）发送 \`{ source: 'px-study', type: 'ready' | 'progress' | 'finished' | 'goHome', … }\`；会话结束或被拒绝时，2 秒后发送 goHome。`;

let cached: object | null = null;

/** The document (built once per process). */
export function openApiDocument(): object {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  const signature = registry.registerComponent('securitySchemes', 'signature', {
    type: 'apiKey',
    in: 'header',
    name: HEADERS.appKey,
    description: `With ${HEADERS.timestamp}, ${HEADERS.nonce} and ${HEADERS.signature} (see the description)`,
  });
  const bearer = registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  const failure = registry.register('ErrorEnvelope', errorEnvelope);
  const refusals = {
    400: { description: 'BAD_REQUEST', content: { 'application/json': { schema: failure } } },
    401: {
      description: 'Not authenticated (signature, timestamp, nonce, token)',
      content: { 'application/json': { schema: failure } },
    },
    403: {
      description: 'APP_DISABLED, ORIGIN_NOT_ALLOWED, IP_NOT_ALLOWED',
      content: { 'application/json': { schema: failure } },
    },
    404: { description: 'NOT_FOUND', content: { 'application/json': { schema: failure } } },
    429: { description: 'RATE_LIMITED (Retry-After)', content: { 'application/json': { schema: failure } } },
  };
  const register = (
    path: string,
    spec: Omit<OpenCallSpec, 'key'>,
    security: 'signature' | 'bearer',
    tag: string,
    id: string,
  ) => {
    registry.registerPath({
      method: 'post',
      path,
      operationId: id,
      summary: spec.summary,
      description: spec.description,
      tags: [tag],
      security: [{ [security === 'signature' ? signature.name : bearer.name]: [] }],
      request: { body: { required: true, content: { 'application/json': { schema: spec.input } } } },
      responses: {
        200: {
          description:
            'The answer (respCode 200), or a refusal by the rules (respCode -1, errorCode REFUSED)',
          content: { 'application/json': { schema: envelopeOf(spec.answer) } },
        },
        ...refusals,
      },
    });
  };
  const camel = (text: string) => text.replace(/[-/](\w)/g, (_all, letter: string) => letter.toUpperCase());
  for (const [key, spec] of Object.entries(TOKEN_CALL_SPECS))
    register(`/api/open/${key}.action`, spec, 'signature', '访问令牌', camel(key));
  for (const [name, spec] of Object.entries(OPEN_CALLS)) {
    register(
      `/api/open/${SIGNED_GROUP}/${name}.action`,
      spec,
      'signature',
      '签名接口 train',
      camel(`train-${name}`),
    );
    register(
      `/api/open/${TOKEN_GROUP}/${name}.action`,
      spec,
      'bearer',
      '令牌接口 jxnc (needToken)',
      camel(`jxnc-${name}`),
    );
  }
  registry.registerWebhook({
    method: 'post',
    path: 'progressNotice',
    summary: '进度通知',
    description: "POSTed to the app's callback URL, signed like a request. Answer any 2xx.",
    request: {
      body: { content: { 'application/json': { schema: registry.register('ProgressNotice', notice) } } },
    },
    responses: { 200: { description: 'Received (any 2xx)' } },
  });
  cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: '合作平台开放接口 Partner API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: '/' }],
    tags: [
      { name: '签名接口 train', description: 'Signed requests' },
      { name: '令牌接口 jxnc (needToken)', description: 'Bearer access tokens' },
      { name: '访问令牌', description: 'Getting and revoking access tokens' },
    ],
  });
  return cached;
}
