import type { WxappItem } from '@px/api/contract';

/** The official account list (platform staff). */
export const WXAPP_LIST_PATH = '/wxapp-manage/list';

/** The settings page of an official account; without an id, the page that creates one. */
export function wxappSettingPath(id?: number): string {
  return id === undefined ? '/wxapp-manage/setting' : `/wxapp-manage/setting?id=${id}`;
}

/** What the back office calls the two ways WeChat pushes messages (消息加解密方式). */
export const PUSH_MODE_LABEL: Readonly<Record<WxappItem['pushMode'], string>> = {
  plain: '明文模式',
  safe: '安全模式',
};

/** Why an official account cannot be deleted, or undefined when it can (the server decides in the end). */
export function wxappDeleteRefusal(wxapp: Pick<WxappItem, 'projects' | 'bindingCount'>): string | undefined {
  if (wxapp.projects.length > 0 || wxapp.bindingCount > 0) {
    return '该公众号仍在服务项目或已有绑定，请先解除后再删除';
  }
  return undefined;
}
