// Pages of plain HTML opened in an iframe of the test page, and what the library reports in them.

/** Loads `url` in a new iframe; resolves with its window and document once loaded. */
export async function openFrame(url: string): Promise<{frame: HTMLIFrameElement; win: Window & typeof globalThis; doc: Document}> {
  const frame = document.createElement('iframe');
  frame.style.width = '600px';
  frame.style.height = '400px';
  const loaded = new Promise(resolve => frame.addEventListener('load', resolve, {once: true}));
  frame.src = url;
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as Window & typeof globalThis;
  return {frame, win, doc: win.document};
}

/** Captures what the library reports (`reportError`) in `win` while `run` goes. */
export async function capturingReports(win: Window, run: (reported: unknown[]) => Promise<void>): Promise<unknown[]> {
  const reported: unknown[] = [];
  const target = win as unknown as {reportError: (error: unknown) => void};
  const original = target.reportError;
  target.reportError = error => reported.push(error);
  try {
    await run(reported);
  } finally {
    target.reportError = original;
  }
  return reported;
}
