import { useEffect, useRef, useState } from 'react';
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
// Our own copy of the worker, from the build's assets (never a third-party host).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { counted } from '@lumenfield/contract';
import './pdf-viewer.css';

GlobalWorkerOptions.workerSrc = workerUrl;

type ViewerState =
  | { status: 'loading' }
  | { status: 'ready'; pdf: PDFDocumentProxy }
  | { status: 'error'; message: string };

/** The zoom steps, as a share of the viewer's width; 1 fits the width. */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const FIT = ZOOMS.indexOf(1);

/**
 * A resume PDF shown in the page: its bytes fetched with the session, drawn page by page onto
 * canvases by pdf.js. Nothing of the file runs: no scripts, no eval, no forms, no links (only
 * pixels are drawn), so a hostile PDF can do no more than look odd. A toolbar zooms (drawn again
 * at the new size, so text stays sharp) and moves between pages.
 */
export function PdfViewer({ url, title }: { url: string; title: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ViewerState>({ status: 'loading' });
  const [zoom, setZoom] = useState(FIT);
  const [page, setPage] = useState(1);

  // Fetch and open the file once per URL.
  useEffect(() => {
    const controller = new AbortController();
    let destroy: (() => void) | undefined;
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
      if (!controller.signal.aborted) setState({ status: 'ready', pdf });
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
  }, [url]);

  // Draw every page at the chosen zoom.
  const pdf = state.status === 'ready' ? state.pdf : undefined;
  useEffect(() => {
    const target = container.current;
    if (!pdf || !target) return;
    let cancelled = false;
    (async () => {
      const canvases: HTMLCanvasElement[] = [];
      // Fit: the viewer's width inside its padding (at most 900 px), then the chosen zoom.
      const style = getComputedStyle(target);
      const inner =
        target.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const width = Math.min(inner > 0 ? inner : 800, 900) * (ZOOMS[zoom] ?? 1);
      for (let number = 1; number <= pdf.numPages; number += 1) {
        const pdfPage = await pdf.getPage(number);
        if (cancelled) return;
        const base = pdfPage.getViewport({ scale: 1 });
        const ratio = window.devicePixelRatio || 1;
        const viewport = pdfPage.getViewport({ scale: (width / base.width) * ratio });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(width)}px`;
        canvas.className = 'rc-pdf__page';
        canvas.dataset.page = String(number);
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `${title}, page ${number} of ${pdf.numPages}`);
        await pdfPage.render({ canvas, viewport }).promise;
        canvases.push(canvas);
      }
      if (!cancelled) target.replaceChildren(...canvases);
    })().catch(() => {
      // A page that cannot be drawn leaves the others; the status line still counts them.
    });
    return () => {
      cancelled = true;
    };
  }, [pdf, zoom, title]);

  // The page at the top of the viewer is the current one.
  const onScroll = () => {
    const target = container.current;
    if (!target) return;
    const top = target.getBoundingClientRect().top;
    let current = 1;
    for (const canvas of target.querySelectorAll<HTMLCanvasElement>('canvas[data-page]')) {
      if (canvas.getBoundingClientRect().top - top <= target.clientHeight / 3)
        current = Number(canvas.dataset.page);
    }
    setPage(current);
  };
  const goTo = (number: number) => {
    const canvas = container.current?.querySelector<HTMLElement>(`canvas[data-page="${number}"]`);
    if (!canvas || !container.current) return;
    container.current.scrollTop = canvas.offsetTop - container.current.offsetTop;
    setPage(number);
  };

  const pages = pdf?.numPages ?? 0;
  return (
    <div className="rc-pdf">
      <p className="rc-muted" role="status">
        {state.status === 'loading' ? 'Loading the resume…' : null}
        {pdf ? `The resume, ${counted(pages, ['page', 'pages'])}.` : null}
      </p>
      {state.status === 'error' ? (
        <p className="rc-alert rc-alert--error" role="alert">
          {state.message}
        </p>
      ) : null}
      {pdf ? (
        <div className="rc-pdf__toolbar" role="toolbar" aria-label="Resume viewer">
          <button
            type="button"
            className="button button--secondary"
            disabled={page <= 1}
            onClick={() => goTo(page - 1)}
          >
            Previous page
          </button>
          <span className="rc-pdf__where" aria-live="polite">
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="button button--secondary"
            disabled={page >= pages}
            onClick={() => goTo(page + 1)}
          >
            Next page
          </button>
          <span className="rc-pdf__zoom">
            <button
              type="button"
              className="button button--secondary"
              disabled={zoom === 0}
              onClick={() => setZoom((z) => Math.max(0, z - 1))}
            >
              Zoom out
            </button>
            <span aria-live="polite">{Math.round((ZOOMS[zoom] ?? 1) * 100)}%</span>
            <button
              type="button"
              className="button button--secondary"
              disabled={zoom === ZOOMS.length - 1}
              onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
            >
              Zoom in
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={zoom === FIT}
              onClick={() => setZoom(FIT)}
            >
              Fit width
            </button>
          </span>
        </div>
      ) : null}
      {/* Scrolls on its own: focusable, so the keyboard can scroll it too. */}
      <div
        ref={container}
        className="rc-pdf__pages"
        data-testid="pdf-pages"
        role="region"
        aria-label={title}
        tabIndex={0}
        onScroll={onScroll}
      />
    </div>
  );
}
