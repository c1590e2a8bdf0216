// The phone's own share sheet, as progressive enhancement: its list item is `hidden` in the HTML
// and shown only where the browser has navigator.share. A few lines, no React.

export function enableNativeShare(root: ParentNode = document): void {
  if (typeof navigator.share !== 'function') return;
  for (const holder of root.querySelectorAll<HTMLElement>('[data-native-share]')) {
    const button = holder.querySelector('button');
    if (!button) continue;
    const data = { title: document.title, text: button.dataset.text, url: button.dataset.url };
    if (navigator.canShare && !navigator.canShare(data)) continue;
    holder.hidden = false;
    button.addEventListener('click', () => {
      // A visitor closing the sheet rejects the promise: nothing to report.
      navigator.share(data).catch(() => undefined);
    });
  }
}
