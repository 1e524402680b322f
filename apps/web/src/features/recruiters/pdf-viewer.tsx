import { useEffect, useRef, useState } from 'react';
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
// Our own copy of the worker, from the build's assets (never a third-party host).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

type ViewerState =
  { status: 'loading' } | { status: 'ready'; pages: number } | { status: 'error'; message: string };

/**
 * A resume PDF shown in the page: its bytes fetched with the session, drawn page by page onto
 * canvases by pdf.js. Nothing of the file runs: no scripts, no eval, no forms, no links (only
 * pixels are drawn), so a hostile PDF can do no more than look odd.
 */
export function PdfViewer({ url, title }: { url: string; title: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ViewerState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    let destroy: (() => void) | undefined;
    const target = container.current;
    (async () => {
      const response = await fetch(url, { credentials: 'same-origin', signal: controller.signal });
      if (!response.ok) throw new Error(`The resume could not be loaded (${response.status}).`);
      const data = new Uint8Array(await response.arrayBuffer());
      const task = getDocument({
        data,
        isEvalSupported: false,
        enableXfa: false,
        // The page's CSP runs no WebAssembly; the JavaScript decoders do the same work.
        useWasm: false,
        stopAtErrors: false,
      });
      destroy = () => void task.destroy();
      const pdf = await task.promise;
      if (controller.signal.aborted || !target) return;
      target.replaceChildren();
      const width = Math.min(target.clientWidth || 800, 900);
      for (let number = 1; number <= pdf.numPages; number += 1) {
        const page = await pdf.getPage(number);
        if (controller.signal.aborted) return;
        const base = page.getViewport({ scale: 1 });
        const scale = width / base.width;
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: scale * ratio });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.className = 'rc-pdf__page';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `${title}, page ${number} of ${pdf.numPages}`);
        target.append(canvas);
        await page.render({ canvas, viewport }).promise;
      }
      setState({ status: 'ready', pages: pdf.numPages });
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      setState({
        status: 'error',
        message: error instanceof Error ? error.message : 'The resume could not be shown.',
      });
    });
    return () => {
      controller.abort();
      destroy?.();
    };
  }, [url, title]);

  return (
    <div className="rc-pdf">
      <p className="rc-muted" role="status">
        {state.status === 'loading' ? 'Loading the resume…' : null}
        {state.status === 'ready'
          ? `The resume, ${state.pages === 1 ? '1 page' : `${state.pages} pages`}.`
          : null}
      </p>
      {state.status === 'error' ? (
        <p className="rc-alert rc-alert--error" role="alert">
          {state.message}
        </p>
      ) : null}
      {/* Scrolls on its own: focusable, so the keyboard can scroll it too. */}
      <div
        ref={container}
        className="rc-pdf__pages"
        data-testid="pdf-pages"
        role="region"
        aria-label={title}
        tabIndex={0}
      />
    </div>
  );
}
