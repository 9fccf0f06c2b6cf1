/**
 * Fewer files for the student H5's first routes (issue 29, first paint on a phone): rolldown splits
 * the code by which pages share each module, which left the sign-in page with about thirty files,
 * many of a few hundred bytes (one round trip each on HTTP/1.1's six connections, and a gzip stream
 * each). These groups put the small modules of the sign-in page's chain that other pages share into
 * two files, and are the place to name more. Only the H5's own modules are named (never a package:
 * capturing a barrel such as react-vant's index would drag every component into the file), and
 * each group takes its modules alone (`includeDependenciesRecursively: false`), so what they import
 * stays where rolldown puts it.
 */

const OWN = String.raw`[\\/](?:h5|config)[\\/]src[\\/]`;

export interface ChunkGroup {
  name: string;
  test: RegExp;
  includeDependenciesRecursively: false;
}

export const FIRST_ROUTE_GROUPS: readonly ChunkGroup[] = [
  {
    // The sign-in forms and the fields they are made of (登录, and 注册 / 找回密码 / 绑定 share them).
    name: 'sign-in',
    test: new RegExp(
      `${OWN}(?:components[\\\\/]sign-in[\\\\/]|components[\\\\/]form[\\\\/](?:IdentityFields|MobileCodeFields|SmsCodeField)\\.tsx$|components[\\\\/]SmsCodeButton\\.tsx$|hooks[\\\\/]useCountdown\\.ts$|client[\\\\/]login-crypto\\.ts$)`,
    ),
    includeDependenciesRecursively: false,
  },
  {
    // Small helpers most screens use.
    name: 'screen-kit',
    test: new RegExp(
      `${OWN}(?:hooks[\\\\/](?:useSystemInfo|useSubmitLock)\\.ts|utils[\\\\/](?:show-error|form-errors)\\.ts|api[\\\\/]wechat\\.ts|components[\\\\/](?:SegmentedTabs\\.tsx|segmented-tabs\\.css))$`,
    ),
    includeDependenciesRecursively: false,
  },
  {
    // The class lists' parts (选课中心, and the other class centres and course lists share them),
    // with the lists' pending state (FeedPending: 我的证书, 考试报名 and the training index use it too).
    name: 'class-list',
    test: new RegExp(
      `${OWN}(?:views[\\\\/]class-center[\\\\/](?:components[\\\\/]WithSettings\\.tsx|class-types\\.ts)|class-types\\.ts|components[\\\\/](?:ClassCard\\.tsx|class-card\\.css|FeedPending\\.tsx)|hooks[\\\\/](?:usePagedFeed|useRemote|useCartCount)\\.ts|utils[\\\\/]class-format\\.ts|api[\\\\/]cart\\.ts)$`,
    ),
    includeDependenciesRecursively: false,
  },
];
