/** Whether the back office runs inside another page's frame (`window.top !== window.self`). */
export function isEmbedded(): boolean {
  try {
    return window.top !== window.self;
  } catch {
    return true;
  }
}
